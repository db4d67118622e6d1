import type { Route } from '../config/schema.js';
import { compileRoutePattern } from '../config/route-definitions.js';

/** How one rule fared against a question: the data behind "why it fired" and `--explain`. */
export interface RuleTrial {
  index: number;
  name: string;
  description?: string;
  fired: boolean;
  pattern?: {
    source: string;
    flags: string;
    matched: boolean;
    /** The matched text and its offset (when matched). */
    match?: string;
    at?: number;
    /** Literal words of the pattern found in / missing from the question (closeness when it did not match). */
    wordsFound: string[];
    wordsMissing: string[];
  };
  keywords?: { matched: string[]; missing: string[] };
  /** Named groups that took part in the match. */
  hints: Record<string, string>;
  /** 1 when fired; otherwise how close the rule came (0–1), for "closest rules" on NO_ROUTE. */
  score: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Case-insensitive "word-ish" keyword test: not glued to letters/digits on either side; spaces match any run. */
export function keywordMatches(keyword: string, question: string): boolean {
  const body = keyword.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu').test(question);
}

/**
 * Literal words of a pattern (three or more letters outside escapes, classes and group names): a cheap,
 * explainable closeness measure for a pattern that did not match ("what is two plus three" has every
 * word of `what is (?<a>\d+) plus (?<b>\d+)` but not the digits). Each entry is one slot: a plain word,
 * or the alternatives of an innermost `(a|b)` group written "a|b" (found when any alternative is; a
 * symbol alternative such as `\+` is kept as the symbol). Optional groups and groups with an alternative
 * that is not literal (`\d`, a class) are left out.
 */
export function patternWords(source: string): string[] {
  const clean = source
    .replace(/\\[pPk]\{[^}]*\}|\\k<[^>]*>/g, ' ')
    .replace(/\(\?<[A-Za-z_$][\w$]*>/g, '(')
    .replace(/\[(?:\\.|[^\]\\])*\]/g, '\u0001')
    .toLowerCase();
  const groups: string[] = [];
  const rest = clean.replace(/\((?:\?:)?([^()]*\|[^()]*)\)/g, (match: string, body: string, offset: number, whole: string) => {
    const optional = /^[?*]|^\{0,/.test(whole.slice(offset + match.length));
    const alternatives = body.split('|').map(literalAlternative);
    groups.push(!optional && alternatives.every((alternative) => alternative !== undefined) ? [...new Set(alternatives)].join('|') : '');
    return ` #${groups.length - 1}# `;
  });
  const plain = rest.replace(/\\./g, ' ');
  const slots: string[] = [];
  const top = plain.split('|');
  if (top.length > 1) {
    // Top-level alternatives: one slot (group slots inside them are left out for simplicity).
    const alternatives = top.map((alternative) => (alternative.replace(/#\d+#/g, ' ').match(/\p{L}{3,}/gu) ?? []).join(' '));
    if (alternatives.every(Boolean)) slots.push([...new Set(alternatives)].join('|'));
  } else {
    for (const token of plain.match(/#\d+#|\p{L}{3,}/gu) ?? []) {
      const group = /^#(\d+)#$/.exec(token);
      const slot = group ? groups[Number(group[1])]! : token;
      if (slot) slots.push(slot);
    }
  }
  return [...new Set(slots)];
}

/** An alternative as literal text ("what is", "+"), or undefined when it is not literal (\d, a class, empty). */
function literalAlternative(alternative: string): string | undefined {
  if (alternative.includes('\u0001') || /\\[dDwWsSbBnrtfv0-9]/.test(alternative) || /[.*+?{}^$]/.test(alternative.replace(/\\./g, ''))) return undefined;
  const text = alternative.replace(/\\(.)/g, '$1').replace(/\s+/g, ' ').trim();
  return text === '' || text.includes('|') ? undefined : text;
}

/** The alternative of a slot found in the question (every word of it, or the symbol text), if any. */
function slotMatch(slot: string, question: string): string | undefined {
  return slot
    .split('|')
    .find((alternative) =>
      /\p{L}/u.test(alternative) ? alternative.split(' ').every((word) => keywordMatches(word, question)) : question.toLowerCase().includes(alternative),
    );
}

/** Try one rule on a question. Both matchers must pass when both are given. */
export function tryRule(route: Route, index: number, question: string): RuleTrial {
  const trial: RuleTrial = { index, name: route.name, ...(route.description ? { description: route.description } : {}), fired: false, hints: {}, score: 0 };
  let patternPart: number | undefined;
  let keywordPart: number | undefined;
  let passed = true;

  const regex = compileRoutePattern(route);
  if (regex && route.pattern !== undefined) {
    const match = regex.exec(question);
    const words = patternWords(route.pattern);
    const found = words.map((slot) => slotMatch(slot, question));
    trial.pattern = {
      source: route.pattern,
      flags: regex.flags,
      matched: match !== null,
      ...(match ? { match: match.text, at: match.index } : {}),
      wordsFound: found.filter((alternative): alternative is string => alternative !== undefined),
      wordsMissing: words.filter((_, index) => found[index] === undefined),
    };
    if (match) {
      patternPart = 1;
      for (const [name, value] of Object.entries(match.groups ?? {})) if (value !== undefined) trial.hints[name] = value;
    } else {
      passed = false;
      if (words.length) patternPart = trial.pattern.wordsFound.length / words.length;
    }
  }

  if (route.keywords?.length) {
    const matched = route.keywords.filter((keyword) => keywordMatches(keyword, question));
    const missing = route.keywords.filter((keyword) => !matched.includes(keyword));
    trial.keywords = { matched, missing };
    if (missing.length) passed = false;
    keywordPart = matched.length / route.keywords.length;
  }

  trial.fired = passed;
  trial.score = passed ? 1 : closeness(patternPart, keywordPart);
  if (!passed) trial.hints = {};
  return trial;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * How close a rule that did not fire came: keywords are the author's explicit signal and weigh 80%, the
 * pattern's literal words 20%; either alone counts fully. Never 1, even when every word is present.
 */
function closeness(patternPart: number | undefined, keywordPart: number | undefined): number {
  const score = keywordPart === undefined ? (patternPart ?? 0) : patternPart === undefined ? keywordPart : 0.8 * keywordPart + 0.2 * patternPart;
  return Math.min(0.95, round(score));
}

/** Rules that came closest without firing (score > 0), best first, then in rule order. */
export function closestRules(trials: RuleTrial[], limit = 3): RuleTrial[] {
  return trials
    .filter((trial) => !trial.fired && trial.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit);
}
