import type { SearchIndex } from './build.js';
import type { AnalyzedQuery } from './query.js';

/**
 * The score's factors beyond the matches (the verb/object structure of a request and of a tool's name), each
 * shown in a result's `why` when it is not 1:
 * - action: the request's actions against the ones the tool's name states (×1.3 the same, ×1.15 the general verb of
 *   it, ×1 the same family or none, ×0.75 another);
 * - name: the share of the tool's distinctive name words the request covers (×1 to ×1.5);
 * - object: the share of the request's objects (what it acts on) the tool's name states (×1 to ×1.5);
 * - plural: the request and the tool's name both speak of several things (×1.15);
 * - item: the request asks for many things and names no identifier, the tool requires one item's (×0.85).
 */
export interface SearchWhy {
  action: { requested: string[]; performed: string[]; factor: number };
  name: { covered: number; total: number; factor: number };
  object?: { covered: number; total: number; factor: number };
  /** Set when the request and the tool's name both speak of things in the plural ("these files", read_multiple_files). */
  plural?: { factor: number };
  /** Set when the tool requires one item's identifier and the request asks for many and names none. */
  item?: { factor: number };
  /** Set when the request names the tool's server ("on github", "in notion", "k8s"). */
  server?: { factor: number };
}

/** What a tool matched of a request, beyond its score: the name stems and the request's objects its name states. */
export interface Evidence {
  named: readonly string[];
  objects: number;
}

/** The factors of one tool's score for an analysed request; `objects` is how many of its objects some tool's name states. */
export function factors(analyzed: AnalyzedQuery, index: SearchIndex, doc: number, evidence: Evidence, context: RankContext): SearchWhy {
  const { objects, named } = context;
  const performed = index.actions?.[doc];
  const nameTerms = index.nameTerms?.[doc];
  const covered = nameTerms?.filter((term) => evidence.named.includes(term)).length ?? 0;
  const object = objectFactor(evidence.objects, objects);
  const item = itemFactor(analyzed, index.singleItem?.[doc]);
  return {
    action: { requested: [...analyzed.actions], performed: [...(performed ?? [])], factor: actionFactor(analyzed.actions, performed) },
    name: { covered, total: nameTerms?.length ?? 0, factor: nameFactor(nameTerms, evidence.named) },
    ...(object !== 1 ? { object: { covered: evidence.objects, total: objects, factor: object } } : {}),
    ...(analyzed.plural && index.pluralNames?.[doc] ? { plural: { factor: PLURAL_MATCH } } : {}),
    ...(item !== 1 ? { item: { factor: item } } : {}),
    ...(named.has(index.tools[doc]!.server) ? { server: { factor: SERVER_NAMED } } : {}),
  };
}

/** What a request says as a whole: how many of its objects some tool's name states, and the servers it names. */
export interface RankContext {
  objects: number;
  named: ReadonlySet<string>;
}

/**
 * The servers a request names: every stem of a server's key (or of its title) is a word of the request or a lexicon
 * term of one ("github", "notion", "google maps"; "k8s" for a server keyed kubernetes). A word that is only part of
 * a key ("google" of google-maps) does not name it.
 */
export function namedServers(analyzed: AnalyzedQuery, index: SearchIndex): Set<string> {
  const said = new Set<string>();
  for (const concept of analyzed.concepts)
    for (const alternative of concept.alternatives)
      if (alternative.source === 'word' || alternative.source === 'lexicon') for (const stem of alternative.stems) said.add(stem);
  const out = new Set<string>();
  for (const [server, names] of index.serverNames ?? []) if (names.some((stems) => stems.every((stem) => said.has(stem)))) out.add(server);
  return out;
}

/** Factor for a tool on a server the request names: the request says where. */
export const SERVER_NAMED = 1.25;

/** The product of the factors, computed without building the `why` (the ranking needs it for every matching tool). */
export function factorOf(analyzed: AnalyzedQuery, index: SearchIndex, doc: number, evidence: Evidence, context: RankContext): number {
  return (
    (context.named.has(index.tools[doc]!.server) ? SERVER_NAMED : 1) *
    actionFactor(analyzed.actions, index.actions?.[doc]) *
    nameFactor(index.nameTerms?.[doc], evidence.named) *
    objectFactor(evidence.objects, context.objects) *
    (analyzed.plural && index.pluralNames?.[doc] ? PLURAL_MATCH : 1) *
    itemFactor(analyzed, index.singleItem?.[doc])
  );
}

/** Some factor differs from 1 (the `why` is worth showing). */
export function shaped(why: SearchWhy): boolean {
  return why.action.factor !== 1 || why.name.factor !== 1 || !!why.object || !!why.plural || !!why.item || !!why.server;
}

export function actionFactor(requested: readonly string[], performed: readonly string[] | undefined): number {
  if (!requested.length || !performed?.length) return 1;
  const families = new Set(requested.map((action) => ACTION_FAMILY[action] ?? action));
  const generals = requested.flatMap((action) => GENERAL_ACTION[action] ?? []);
  const matched = performed.some((action) => requested.includes(action));
  // The general verb of the request's action: update_issue for "assign the ticket", "close issue 31".
  const general = performed.some((action) => generals.includes(action));
  // An action the name states that the request does not ask for, nor one of its family: create_review for "who reviewed".
  const foreign = performed.some((action) => !requested.includes(action) && !generals.includes(action) && !families.has(ACTION_FAMILY[action] ?? action));
  if (matched) return foreign ? 1 : ACTION_MATCH;
  if (general) return foreign ? 1 : ACTION_GENERAL;
  return foreign ? ACTION_CONFLICT : 1;
}

/**
 * How much of what a tool's name says the request covers: a tool whose every distinctive name word (or a lexicon
 * term of it) the request asks for is what the request names; one that does something more or else is less likely.
 */
export function nameFactor(nameTerms: readonly string[] | undefined, matched: readonly string[]): number {
  if (!nameTerms?.length) return 1;
  const covered = nameTerms.filter((term) => matched.includes(term)).length;
  return 1 + NAME_COVERAGE_WEIGHT * (covered / nameTerms.length);
}

/**
 * How many of the request's objects (what it acts on: "the directory", "notes.txt") the tool's name states, of those
 * some tool's name states: the name's object says what the tool is about, a description's mention does not.
 */
export function objectFactor(covered: number, total: number): number {
  return total ? 1 + OBJECT_WEIGHT * (covered / total) : 1;
}

export const OBJECT_WEIGHT = 0.5;

/**
 * One item or many: a request that asks for a list or a search and names no identifier is not for a tool that needs
 * one item's id ("show the pods" is kubectl_get, not kubectl_describe with its required name).
 */
export function itemFactor(analyzed: AnalyzedQuery, single: boolean | undefined): number {
  if (!single || analyzed.identifier) return 1;
  return analyzed.actions.some((action) => MANY_ACTIONS.has(action)) ? MANY_FOR_ONE : 1;
}

const MANY_ACTIONS: ReadonlySet<string> = new Set(['list', 'search']);
export const MANY_FOR_ONE = 0.85;

/** Factor for a tool whose name is in the plural when the request is (a list, several things). */
export const PLURAL_MATCH = 1.15;
export const NAME_COVERAGE_WEIGHT = 0.5;
export const ACTION_MATCH = 1.3;
export const ACTION_CONFLICT = 0.75;

export const ACTION_GENERAL = 1.15;

/**
 * Actions that change one thing's state or fields, which a tool named with the general verb does too: an update_X
 * tool assigns, closes, reopens or renames an X.
 */
const GENERAL_ACTION: Readonly<Record<string, string>> = { assign: 'update', close: 'update', reopen: 'update' };

/** Actions close enough that one may stand for another in a request ("show the issues" is a list). */
const ACTION_FAMILY: Readonly<Record<string, string>> = {
  read: 'retrieve',
  list: 'retrieve',
  search: 'retrieve',
  count: 'retrieve',
  create: 'change',
  update: 'change',
  write: 'change',
  store: 'change',
};
