import type { FindingBase, Severity } from '../finding-base.js';

/** Which part of the surface a rule is about (docs/rules.md groups by it). */
export type RuleFamily = 'conflicts' | 'naming' | 'definitions' | 'drift' | 'discovery';

/**
 * stable: code, arguments and default severity hold (wording may improve); preview: may still change or go; deprecated:
 * no longer reported by default, kept so configs, ignores and baselines naming it stay valid (`replacedBy` says what to
 * use). Codes are never renamed, only deprecated.
 */
export type RuleLifecycle = 'stable' | 'preview' | 'deprecated';

/** The commands whose reports can carry a code. */
export type ReportingCommand = 'check-conflicts' | 'lint' | 'check' | 'diff' | 'serve';

/** A finding of code C whose arguments are A: what a rule's wording receives. */
export type RuleFinding<C extends string, A> = FindingBase & { code: C; args?: A };

/** The page a rule has in docs/rules.md, below its severity line (Markdown). */
export interface RuleDoc {
  /** Why the rule exists: what breaks, for whom. */
  why: string;
  /** An example the rule reports. */
  failing: string;
  /** Label of the failing example when the code is a report rather than a failure ("Failing (reported)"). */
  failingLabel?: string;
  /** The example fixed. */
  passing: string;
}

/**
 * One finding code, in one place: its arguments (the type parameter A), default severity, lifecycle, family, the
 * commands that report it, its wording (message and hint) and its documentation. src/checks/rules/index.ts lists
 * every rule; the finding union, the code table, docs/rules.md and the help texts are all derived from that list.
 */
export interface Rule<C extends string = string, A = unknown> {
  code: C;
  severity: Severity;
  lifecycle: RuleLifecycle;
  /** With `lifecycle: 'deprecated'`: the code that replaces it, if any. */
  replacedBy?: string;
  family: RuleFamily;
  reportedBy: readonly ReportingCommand[];
  /** One line: what a finding of this code says happened. */
  title: string;
  message(finding: RuleFinding<C, A>): string;
  hint?(finding: RuleFinding<C, A>): string | undefined;
  doc: RuleDoc;
}

/** The arguments type a rule was defined with. */
export type RuleArgs<R> = R extends { message(finding: RuleFinding<string, infer A>): string } ? A : never;

/**
 * A rule whose findings carry arguments of type A: `defineRule<{ count: number }>()({ code: 'X', … })` (two calls, so
 * that A is given and the code is inferred as a literal).
 */
export function defineRule<A>() {
  return <const C extends string>(rule: Rule<C, A>): Rule<C, A> => rule;
}
