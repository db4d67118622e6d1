import type { Code } from './finding-args.js';
import type { Rule } from './rules/define.js';
import { RULES } from './rules/index.js';
import type { Finding, FindingOf } from './types.js';

export type { Code } from './finding-args.js';

/** One code's rule, its wording typed for that code's findings (src/checks/rules/<code>.ts). */
export type CodeInfo<C extends Code = Code> = Rule<C, NonNullable<FindingOf<C>['args']>>;

/**
 * The code table, by code: each code's rule (default severity, lifecycle, family, wording, docs) from
 * src/checks/rules/. Codes are never renamed, only deprecated.
 */
export const CODES = Object.fromEntries(RULES.map((rule) => [rule.code, rule])) as { [R in (typeof RULES)[number] as R['code']]: R };

/** The same table, typed by code: the compiler checks that each code's rule is that code's CodeInfo (no cast). */
const RULE_OF: { readonly [C in Code]: CodeInfo<C> } = CODES;

export const ALL_CODES = (Object.keys(CODES) as Code[]).sort();

export function isCode(code: string): code is Code {
  return Object.prototype.hasOwnProperty.call(CODES, code);
}

export function codeInfo<C extends Code>(code: C): CodeInfo<C> {
  return RULE_OF[code];
}

/** The sentence for a finding (one place for wording: its rule). */
export function describeFinding(finding: Finding): { message: string; hint?: string } {
  const info: CodeInfo = codeInfo(finding.code);
  const hint = info.hint?.(finding);
  return hint ? { message: info.message(finding), hint } : { message: info.message(finding) };
}
