import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { terms } from '../../search/index.js';
import { CODES } from '../codes.js';
import { defineSteppedCheck, makeFinding, SLICE_MASK, type Finding } from '../types.js';
import { visibleTools } from './shared.js';
import { HASH_SEED } from '../../util/first-index.js';

/** Jaccard similarity of two tools' description words at or above which a request cannot tell them apart. */
export const INDISTINCT_SIMILARITY = 0.9;
/** Descriptions shorter than this (distinct words) say too little to compare. */
const MIN_WORDS = 3;
/** Tools compared per shared rare word at most: a bound on the work for a catalog of one tool copied a million times. */
const MAX_BUCKET = 200;

/**
 * INDISTINCT_TOOLS — tools of different servers whose descriptions use (nearly) the same words. Linear-ish: the
 * prefix filter of set-similarity joins — sorted rarest first, two word sets with Jaccard ≥ t must share one of the
 * first |s| − ⌈t·|s|⌉ + 1 words of each, so only tools sharing a rare word are compared, at most MAX_BUCKET per word.
 * Words are numbered by rarity (a word's rank), and each tool's word set is a sorted run of ranks in one array: a
 * million tools hold no array of strings each, and a comparison is a merge of two runs instead of a Set built per pair.
 */
export default defineSteppedCheck({
  codes: ['INDISTINCT_TOOLS'],
  family: 'lint',
  *steps({ catalog }) {
    const tools = visibleTools(catalog);
    const { owners, starts, words } = yield* signaturesOf(tools);
    const count = owners.length;
    const serverOf = (signature: number): string => tools[owners[signature]!]!.server;
    const similar = (a: number, b: number): number => jaccard(words, starts[a]!, starts[a + 1]!, starts[b]!, starts[b + 1]!);
    // Tools with the same words (copies of one server, generated descriptions) are compared once, as one class.
    const { classOf, manyServers } = yield* identicalClasses(count, starts, words, serverOf);
    // Two classes can be alike unless every tool of both is on one and the same server (that is not this finding).
    const oneServer = (a: number, b: number): boolean => manyServers[a] === 0 && manyServers[b] === 0 && serverOf(a) === serverOf(b);

    const buckets: Array<number[] | undefined> = [];
    const parent = new Int32Array(count);
    for (let index = 0; index < count; index++) parent[index] = index;
    const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
    // The lowest similarity within each group, by its root (NaN: the signature joined no group). Typed arrays, and
    // `comparedBy[other] === index + 1` instead of a set per signature: a million signatures allocate nothing here.
    // A class whose copies are on several servers is a group of its own from the start (similarity 1).
    const similarity = new Float64Array(count).fill(Number.NaN);
    for (let index = 0; index < count; index++) if (manyServers[index] === 1) similarity[index] = 1;
    const comparedBy = new Int32Array(count);
    const lowest = (root: number): number => (Number.isNaN(similarity[root]!) ? 1 : similarity[root]!);
    for (let index = 0; index < count; index++) {
      if ((index & SLICE_MASK) === SLICE_MASK) yield;
      if (classOf[index] !== index) continue;
      const start = starts[index]!;
      const length = starts[index + 1]! - start;
      const prefix = length - Math.ceil(INDISTINCT_SIMILARITY * length) + 1;
      for (let at = start; at < start + Math.min(prefix, length); at++) {
        const word = words[at]!;
        const bucket = buckets[word];
        for (let slot = 0; bucket !== undefined && slot < bucket.length; slot++) {
          const other = bucket[slot]!;
          if (comparedBy[other] === index + 1 || oneServer(index, other)) continue;
          comparedBy[other] = index + 1;
          const alike = similar(index, other);
          if (alike < INDISTINCT_SIMILARITY) continue;
          const a = find(index);
          const b = find(other);
          const root = Math.min(a, b);
          parent[a] = parent[b] = root;
          similarity[root] = Math.min(lowest(a), lowest(b), alike);
        }
        if (!bucket) buckets[word] = [index];
        else if (bucket.length < MAX_BUCKET) bucket.push(index);
      }
    }

    const groups = new Map<number, ToolRef[]>();
    for (let index = 0; index < count; index++) {
      if ((index & SLICE_MASK) === SLICE_MASK) yield;
      const root = find(classOf[index]!);
      if (Number.isNaN(similarity[root]!)) continue;
      const tool = tools[owners[index]!]!;
      const list = groups.get(root) ?? [];
      list.push({ server: tool.server, tool: tool.name });
      groups.set(root, list);
    }
    const findings: Finding[] = [];
    for (const [root, members] of groups) {
      if (members.length < 2) continue;
      members.sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
      findings.push(
        makeFinding('INDISTINCT_TOOLS', {
          severity: CODES.INDISTINCT_TOOLS.severity,
          name: `${members[0]!.server}/${members[0]!.tool}`,
          members,
          args: { similarity: Math.round(lowest(root) * 100) / 100 },
        }),
      );
    }
    return findings;
  },
});

/**
 * The tools with enough words: signature i is tool `owners[i]`, its words `words[starts[i]..starts[i + 1])` as ranks,
 * rarest first (fewest tools, then code-unit order), each word once.
 */
function* signaturesOf(tools: readonly CatalogTool[]): Generator<void, { owners: number[]; starts: number[]; words: Int32Array }, void> {
  const ids = new Map<string, number>();
  const frequency: number[] = [];
  let words = new Int32Array(1024);
  let used = 0;
  const owners: number[] = [];
  const starts: number[] = [0];
  // Each word's id, made on first sight; `stamp[id]` is the last tool that used it (+(at + 1)) or whose server's name
  // holds it (−(at + 1)): each word once per tool and the server's own words left out, without a set per tool.
  const idOf = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) {
      ids.set(term, (id = frequency.length));
      frequency.push(0);
      stamp.push(0);
    }
    return id;
  };
  const stamp: number[] = [];
  const serverIds = new Map<string, number[]>();
  for (let at = 0; at < tools.length; at++) {
    if ((at & SLICE_MASK) === SLICE_MASK) yield;
    const tool = tools[at]!;
    let own = serverIds.get(tool.server);
    if (!own) serverIds.set(tool.server, (own = terms(tool.server, 'whole').map(idOf)));
    const mark = at + 1;
    for (const id of own) stamp[id] = -mark;
    const from = used;
    for (const term of terms(`${tool.title ?? ''} ${tool.description ?? ''}`, 'whole')) {
      const id = idOf(term);
      if (stamp[id] === mark || stamp[id] === -mark) continue;
      stamp[id] = mark;
      if (used === words.length) {
        const grown = new Int32Array(words.length * 2);
        grown.set(words);
        words = grown;
      }
      words[used++] = id;
    }
    if (used - from < MIN_WORDS) {
      used = from;
      continue;
    }
    for (let slot = from; slot < used; slot++) frequency[words[slot]!]!++;
    owners.push(at);
    starts.push(used);
  }
  // Ids to ranks in the order of rarity, then each run sorted: rank order is rarest-first order.
  const byRarity = [...ids].sort(([a, x], [b, y]) => frequency[x]! - frequency[y]! || (a < b ? -1 : a > b ? 1 : 0));
  const rank = new Int32Array(frequency.length);
  byRarity.forEach(([, id], position) => (rank[id] = position));
  for (let at = 0; at < used; at++) words[at] = rank[words[at]!]!;
  for (let index = 0; index < owners.length; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    words.subarray(starts[index]!, starts[index + 1]!).sort();
  }
  return { owners, starts, words: words.subarray(0, used) };
}

/**
 * Signatures with the same words, as classes: `classOf[i]` is the first signature with i's words (its class's
 * representative), and `manyServers[rep]` is 1 when the class's tools are on more than one server.
 */
function* identicalClasses(
  count: number,
  starts: readonly number[],
  words: Int32Array,
  serverOf: (signature: number) => string,
): Generator<void, { classOf: Int32Array; manyServers: Uint8Array }, void> {
  const classOf = new Int32Array(count);
  const manyServers = new Uint8Array(count);
  const byHash = new Map<number, number[]>();
  for (let index = 0; index < count; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    const from = starts[index]!;
    const to = starts[index + 1]!;
    let hash = HASH_SEED;
    for (let at = from; at < to; at++) hash = Math.imul(hash ^ words[at]!, 0x01000193);
    const candidates = byHash.get(hash);
    const rep = candidates?.find((other) => sameRun(words, from, to, starts[other]!, starts[other + 1]!));
    if (rep === undefined) {
      classOf[index] = index;
      if (candidates) candidates.push(index);
      else byHash.set(hash, [index]);
    } else {
      classOf[index] = rep;
      if (manyServers[rep] === 0 && serverOf(index) !== serverOf(rep)) manyServers[rep] = 1;
    }
  }
  return { classOf, manyServers };
}

function sameRun(words: Int32Array, aFrom: number, aTo: number, bFrom: number, bTo: number): boolean {
  if (aTo - aFrom !== bTo - bFrom) return false;
  for (let offset = 0; offset < aTo - aFrom; offset++) if (words[aFrom + offset] !== words[bFrom + offset]) return false;
  return true;
}

/** Jaccard similarity of two sorted runs of distinct ranks. */
function jaccard(words: Int32Array, aFrom: number, aTo: number, bFrom: number, bTo: number): number {
  let shared = 0;
  for (let a = aFrom, b = bFrom; a < aTo && b < bTo;) {
    const x = words[a]!;
    const y = words[b]!;
    if (x === y) {
      shared++;
      a++;
      b++;
    } else if (x < y) a++;
    else b++;
  }
  return shared / (aTo - aFrom + (bTo - bFrom) - shared);
}
