import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { terms } from '../../search/index.js';
import { CODES } from '../codes.js';
import { makeFinding, type Finding } from '../types.js';
import { defineCheck } from '../types.js';
import { visibleTools } from './shared.js';

/** Jaccard similarity of two tools' description words at or above which a request cannot tell them apart. */
export const INDISTINCT_SIMILARITY = 0.9;
/** Descriptions shorter than this (distinct words) say too little to compare. */
const MIN_WORDS = 3;
/** Tools compared per shared rare word at most: a bound on the work for a catalog of one tool copied a million times. */
const MAX_BUCKET = 200;

interface Signature {
  tool: CatalogTool;
  words: string[];
}

/**
 * INDISTINCT_TOOLS — tools of different servers whose descriptions use (nearly) the same words. Linear-ish: the
 * prefix filter of set-similarity joins — sorted rarest first, two word sets with Jaccard ≥ t must share one of the
 * first |s| − ⌈t·|s|⌉ + 1 words of each, so only tools sharing a rare word are compared, at most MAX_BUCKET per word.
 */
export default defineCheck({
  codes: ['INDISTINCT_TOOLS'],
  family: 'lint',
  run: ({ catalog }) => {
    const signatures: Signature[] = [];
    for (const tool of visibleTools(catalog)) {
      const own = new Set(terms(tool.server, 'whole'));
      const set = [...new Set(terms(`${tool.title ?? ''} ${tool.description ?? ''}`, 'whole'))].filter((term) => !own.has(term));
      if (set.length >= MIN_WORDS) signatures.push({ tool, words: set });
    }
    const frequency = new Map<string, number>();
    for (const signature of signatures) for (const word of signature.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    const rarestFirst = (a: string, b: string): number => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0);

    const buckets = new Map<string, number[]>();
    const parent = signatures.map((_, index) => index);
    const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
    const similarity = new Map<number, number>();
    signatures.forEach((signature, index) => {
      signature.words.sort(rarestFirst);
      const prefix = signature.words.length - Math.ceil(INDISTINCT_SIMILARITY * signature.words.length) + 1;
      const compared = new Set<number>();
      for (const word of signature.words.slice(0, prefix)) {
        const bucket = buckets.get(word) ?? [];
        for (const other of bucket) {
          if (compared.has(other) || signatures[other]!.tool.server === signature.tool.server) continue;
          compared.add(other);
          const alike = jaccard(signature.words, signatures[other]!.words);
          if (alike < INDISTINCT_SIMILARITY) continue;
          const [a, b] = [find(index), find(other)];
          const root = Math.min(a, b);
          parent[a] = parent[b] = root;
          similarity.set(root, Math.min(similarity.get(root) ?? 1, similarity.get(Math.max(a, b)) ?? 1, alike));
        }
        if (bucket.length < MAX_BUCKET) buckets.set(word, [...bucket, index]);
      }
    });

    const groups = new Map<number, ToolRef[]>();
    signatures.forEach((signature, index) => {
      const root = find(index);
      if (root === index && !similarity.has(root)) return;
      const list = groups.get(root) ?? [];
      list.push({ server: signature.tool.server, tool: signature.tool.name });
      groups.set(root, list);
    });
    const findings: Finding[] = [];
    for (const [root, members] of groups) {
      if (members.length < 2) continue;
      members.sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
      findings.push(
        makeFinding('INDISTINCT_TOOLS', {
          severity: CODES.INDISTINCT_TOOLS.severity,
          name: `${members[0]!.server}/${members[0]!.tool}`,
          members,
          args: { similarity: Math.round((similarity.get(root) ?? 1) * 100) / 100 },
        }),
      );
    }
    return findings;
  },
});

function jaccard(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  let shared = 0;
  for (const word of b) if (set.has(word)) shared++;
  return shared / (a.length + b.length - shared);
}
