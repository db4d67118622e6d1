import { actionsOf, isPlural } from './query.js';
import { terms, words } from './tokenize.js';

/** The parts of a tool that are searched, each with its own weight (a name match says more than a parameter's). */
export const FIELDS = ['name', 'title', 'summary', 'description', 'parameters', 'server', 'instructions'] as const;
export type SearchField = (typeof FIELDS)[number];

/**
 * Field weights and length normalisation (BM25F). Chosen before any measurement, from what each field is: the name
 * and title say what the tool does in a few words; the description's first sentence (summary) usually states its
 * purpose and the rest adds detail; parameters say what it takes; the server key and its instructions are shared by
 * all of a server's tools (they say where, not what).
 */
export const FIELD_WEIGHTS: Readonly<Record<SearchField, { weight: number; b: number }>> = {
  name: { weight: 3, b: 0.5 },
  title: { weight: 2, b: 0.5 },
  summary: { weight: 1.5, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 0.7, b: 0.75 },
  server: { weight: 1.2, b: 0.3 },
  instructions: { weight: 0.3, b: 0.75 },
};

/** BM25's term-frequency saturation. */
export const K1 = 1.2;

/** What the index needs of a tool: a catalog tool (src/catalog/types.ts) is one. */
export interface SearchableTool {
  server: string;
  name: string;
  qualifiedName: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  annotations?: { title?: string | undefined; [key: string]: unknown } | undefined;
  /** Set when a profile or client filter hides the tool: such a tool is never indexed. */
  hidden?: unknown;
}

/** What the index needs of a server: its key (the tools' `server`), title and the instructions it sent. */
export interface SearchableServer {
  name: string;
  title?: string | undefined;
  instructions?: string | undefined;
}

export interface BuildOptions {
  servers?: readonly SearchableServer[];
  /** The index this one replaces (after list_changed): tools whose text did not change are not analysed again. */
  previous?: SearchIndex;
}

/** One tool analysed: term counts per field (index = FIELDS order) and each field's length in terms. */
interface Analysis {
  counts: Map<string, number[]>;
  lengths: number[];
  /** The actions its name says it performs (lexicon groups of kind 'action'): create_issue → create. */
  actions: string[];
  /** The stems of its name's words, split (createIssue → creat, issu). */
  nameTerms: string[];
  /** Its name has a word in the plural (list_issues, read_multiple_files). */
  plural: boolean;
}

/** A term's entry for one tool: the tool, the BM25F pseudo-frequency, and the fields it occurs in (bit per field). */
export interface Posting {
  doc: number;
  frequency: number;
  /** The pseudo-frequency in the fields that say what the tool does (name, title, the description's first sentence). */
  strong: number;
  fields: number;
}

/** Fields that say what a tool does; a lexicon synonym counts only there (elsewhere it is mostly noise). */
const STRONG_FIELDS: ReadonlySet<SearchField> = new Set(['name', 'title', 'summary']);

/** An index over a catalog's visible tools; build it with buildSearchIndex, query it with search. Plain data. */
export interface SearchIndex {
  /** The indexed tools, sorted by qualified name (then server, name): their position is the doc number. */
  tools: readonly SearchableTool[];
  postings: ReadonlyMap<string, readonly Posting[]>;
  /** Inverse document frequency per term. */
  idf: ReadonlyMap<string, number>;
  /** Doc number by qualified name. */
  positions: ReadonlyMap<string, number>;
  /** Analyses by tool text, kept so the next build after a change reuses them. */
  analyses: ReadonlyMap<string, Analysis>;
  /** Per doc: the actions its name says it performs (see actionsOf). Absent in an index built by an older version. */
  actions?: ReadonlyArray<readonly string[]>;
  /**
   * Per doc: the stems of its name that say what it does, without the words its server's names share (browser_,
   * kubectl_, API-) or the server's key: how much of this a request covers is the name coverage of a match.
   */
  nameTerms?: ReadonlyArray<readonly string[]>;
  /** Per doc: its name has a word in the plural. */
  pluralNames?: readonly boolean[];
  /** Per server: the stems of its key, and of its title when it has one (what a request says to name it). */
  serverNames?: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  /** Per doc: it requires one item's identifier (an id, number, key or name parameter): it acts on one item. */
  singleItem?: readonly boolean[];
}

const MAX_PARAMETERS = 100;

/** Build the index: linear in the catalog's text. Hidden tools are left out. Deterministic for a set of tools. */
export function buildSearchIndex(tools: readonly SearchableTool[], options: BuildOptions = {}): SearchIndex {
  const servers = new Map((options.servers ?? []).map((server) => [server.name, server]));
  const visible = tools
    .filter((tool) => !tool.hidden)
    .sort((a, b) => compare(a.qualifiedName, b.qualifiedName) || compare(a.server, b.server) || compare(a.name, b.name));
  const previous = options.previous?.analyses;
  const analyses = new Map<string, Analysis>();
  const perDoc: Analysis[] = visible.map((tool) => {
    const server = servers.get(tool.server);
    const key = analysisKey(tool, server);
    const analysis = analyses.get(key) ?? previous?.get(key) ?? analyze(tool, server);
    analyses.set(key, analysis);
    return analysis;
  });

  const averages = FIELDS.map((_, field) => perDoc.reduce((sum, analysis) => sum + analysis.lengths[field]!, 0) / Math.max(1, perDoc.length) || 1);
  const shared = sharedNameTerms(visible, perDoc);
  const prefixes = sharedPrefixes(visible);
  const postings = new Map<string, Posting[]>();
  perDoc.forEach((analysis, doc) => {
    const prefix = prefixes.get(visible[doc]!.server);
    for (const [term, counts] of analysis.counts) {
      let frequency = 0;
      let strong = 0;
      let fields = 0;
      // The first name word most of the server's tools share (browser_, kubectl_, API-) says where the tool is, not
      // what it does: it counts as the server's key does.
      const where = term === prefix;
      counts.forEach((count, at) => {
        if (!count) return;
        const field = where && at === NAME_FIELD ? SERVER_FIELD : at;
        const { weight, b } = FIELD_WEIGHTS[FIELDS[field]!];
        const length = field === at ? analysis.lengths[field]! : averages[field]!;
        const share = (weight * count) / (1 - b + (b * length) / averages[field]!);
        frequency += share;
        if (STRONG_FIELDS.has(FIELDS[field]!)) strong += share;
        fields |= 1 << field;
      });
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push({ doc, frequency, strong, fields });
    }
  });
  const total = visible.length;
  const idf = new Map<string, number>();
  for (const [term, list] of postings) idf.set(term, Math.log(1 + (total - list.length + 0.5) / (list.length + 0.5)));
  return {
    tools: visible,
    postings,
    idf,
    positions: new Map(visible.map((tool, doc) => [tool.qualifiedName, doc])),
    analyses,
    actions: perDoc.map((analysis) => analysis.actions),
    nameTerms: perDoc.map((analysis, doc) => {
      const server = visible[doc]!.server;
      const own = new Set(terms(server));
      return analysis.nameTerms.filter((term) => !own.has(term) && !shared.get(server)!.has(term));
    }),
    pluralNames: perDoc.map((analysis) => analysis.plural),
    singleItem: visible.map((tool) => requiresIdentifier(tool.inputSchema)),
    serverNames: new Map(
      [...new Set(visible.map((tool) => tool.server))].map((name) => [
        name,
        [terms(name), terms(servers.get(name)?.title ?? '')].filter((stems) => stems.length),
      ]),
    ),
  };
}

/** Share of a server's tools whose names hold a word for it to be the server's common prefix, not a tool's own word. */
const COMMON_NAME_SHARE = 0.4;

/** Per server: the name stems most of its tools share (its common prefix: browser_, kubectl_, API-). */
function sharedNameTerms(tools: readonly SearchableTool[], perDoc: readonly Analysis[]): Map<string, Set<string>> {
  const byServer = new Map<string, { size: number; counts: Map<string, number> }>();
  perDoc.forEach((analysis, doc) => {
    const server = tools[doc]!.server;
    let entry = byServer.get(server);
    if (!entry) byServer.set(server, (entry = { size: 0, counts: new Map() }));
    entry.size++;
    for (const term of analysis.nameTerms) entry.counts.set(term, (entry.counts.get(term) ?? 0) + 1);
  });
  const out = new Map<string, Set<string>>();
  for (const [server, { size, counts }] of byServer)
    out.set(server, new Set(size >= 4 ? [...counts].filter(([, count]) => count >= size * COMMON_NAME_SHARE).map(([term]) => term) : []));
  return out;
}

/** Per server of four tools or more: the stem (not a verb) most of its tools' names begin with (browser_, kubectl_, API-). */
function sharedPrefixes(tools: readonly SearchableTool[]): Map<string, string> {
  const byServer = new Map<string, string[]>();
  for (const tool of tools) {
    const word = words(tool.name)[0];
    // A verb is what the tool does even when most of its server's tools begin with it (get_, create_).
    const first = word === undefined || actionsOf([word]).length ? '' : (terms(word)[0] ?? '');
    const list = byServer.get(tool.server) ?? [];
    list.push(first);
    byServer.set(tool.server, list);
  }
  const out = new Map<string, string>();
  for (const [server, firsts] of byServer) {
    if (firsts.length < 4) continue;
    const counts = new Map<string, number>();
    for (const first of firsts) if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
    if (!counts.size) continue;
    const [top, count] = [...counts].sort((a, b) => b[1] - a[1] || compare(a[0], b[0]))[0]!;
    if (count >= firsts.length * COMMON_NAME_SHARE) out.set(server, top);
  }
  return out;
}

const NAME_FIELD = FIELDS.indexOf('name');
const SERVER_FIELD = FIELDS.indexOf('server');

/** The names of the fields set in a posting's bit mask. */
export function fieldNames(mask: number): SearchField[] {
  return FIELDS.filter((_, field) => mask & (1 << field));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function analysisKey(tool: SearchableTool, server: SearchableServer | undefined): string {
  return JSON.stringify([
    tool.server,
    tool.name,
    tool.title,
    tool.annotations?.title,
    tool.description,
    tool.inputSchema?.['properties'],
    server?.title,
    server?.instructions,
  ]);
}

/** The text of every field of a tool. */
function fieldTexts(tool: SearchableTool, server: SearchableServer | undefined): string[] {
  const description = tool.description ?? '';
  const summary = /^[\s\S]*?[.!?](?=\s|$)/.exec(description.slice(0, 400))?.[0] ?? description.slice(0, 200);
  return [
    tool.name,
    [tool.title, tool.annotations?.title].filter(Boolean).join(' '),
    summary,
    description,
    parameterText(tool.inputSchema),
    [tool.server, server?.title].filter(Boolean).join(' '),
    server?.instructions ?? '',
  ];
}

/**
 * The actions a tool's name states. An HTTP method just before another verb is the transport, not the action: API-post-search
 * searches (names generated from OpenAPI operations), while post_message still sends.
 */
function nameActions(nameWords: readonly string[]): string[] {
  const others = nameWords.filter((word, i) => !(HTTP_METHODS.has(word.toLowerCase()) && i + 1 < nameWords.length && actionsOf([nameWords[i + 1]!]).length));
  return actionsOf(others);
}

const HTTP_METHODS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'head']);

/** A required top-level parameter that identifies one item: id, user_id, issue_number, key, uuid, sha, name, slug. */
function requiresIdentifier(schema: Record<string, unknown> | undefined): boolean {
  const required = schema?.['required'];
  if (!Array.isArray(required)) return false;
  return required.slice(0, MAX_PARAMETERS).some((name) => typeof name === 'string' && IDENTIFIER_PARAMETER.test(name));
}

const IDENTIFIER_PARAMETER = /(?:^|[^a-zA-Z]|[a-z](?=[A-Z]))(?:id|ids|Id|ID|number|Number|key|Key|uuid|sha|name|Name|slug)$/;

/** Top-level parameter names and descriptions (and enum values), bounded. */
function parameterText(schema: Record<string, unknown> | undefined): string {
  const properties = schema?.['properties'];
  if (!properties || typeof properties !== 'object') return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(properties as Record<string, unknown>).slice(0, MAX_PARAMETERS)) {
    parts.push(name);
    if (value && typeof value === 'object') {
      const property = value as Record<string, unknown>;
      if (typeof property['description'] === 'string') parts.push(property['description']);
      if (Array.isArray(property['enum']))
        parts.push(
          property['enum']
            .slice(0, 20)
            .filter((item) => typeof item === 'string')
            .join(' '),
        );
    }
  }
  return parts.join(' . ');
}

function analyze(tool: SearchableTool, server: SearchableServer | undefined): Analysis {
  const counts = new Map<string, number[]>();
  const lengths = fieldTexts(tool, server).map((text, field) => {
    const found = terms(text, 'both');
    for (const term of found) {
      let row = counts.get(term);
      if (!row) counts.set(term, (row = FIELDS.map(() => 0)));
      row[field]!++;
    }
    return found.length;
  });
  const nameWords = words(tool.name);
  return { counts, lengths, actions: nameActions(nameWords), nameTerms: [...new Set(terms(tool.name))], plural: nameWords.some(isPlural) };
}
