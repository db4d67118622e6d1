import type { Catalog } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { NamingTarget } from '../naming/types.js';
import type { Code, FindingArgs } from './finding-args.js';
import type { FindingBase } from './finding-base.js';
import { drain, type Steps } from '../util/steps.js';

export type { FindingBase, Severity } from './finding-base.js';

/**
 * A finding is data, never a sentence: code + where + arguments, a union discriminated on `code` so that each
 * code's arguments are checked where they are produced and where they are worded (src/checks/codes.ts).
 */
export type Finding = { [C in Code]: FindingBase & { code: C; args?: FindingArgs[C] } }[Code];

/** The finding of one code. */
export type FindingOf<C extends Code> = Extract<Finding, { code: C }>;

/** A finding of code C; its arguments are checked against FindingArgs[C] where it is built. */
export function makeFinding<C extends Code>(code: C, fields: FindingBase & { args?: FindingArgs[C] }): FindingOf<C> {
  // TypeScript cannot relate a generic code to its member of the union; the parameter types above are the check.
  return { code, ...fields } as FindingOf<C>;
}

/** Everything a check may read. Plain data: checks never touch process, the SDK or the terminal. */
export interface CheckContext {
  catalog: Catalog;
  config: LoadedConfig;
  /** Naming targets to evaluate (styles and presets). */
  targets: string[];
  /**
   * Target objects to use for some of those ids instead of the naming registry's (small in-memory targets in tests;
   * library users may bring their own).
   */
  namingTargets?: readonly NamingTarget[];
}

export interface Check {
  /** Codes this check can emit. */
  codes: readonly Code[];
  /** Which command family runs it. */
  family: 'conflicts' | 'lint';
  run(context: CheckContext): Finding[];
  /**
   * The same work in slices: the generator yields between slices (every few thousand tools) and returns the findings.
   * A paced run (`runChecksPaced`) takes a break there, so a signal is handled during a long check; `run` drains it.
   */
  steps?(context: CheckContext): CheckSteps;
}

/** A check's work in slices: yields between slices, returns the findings. */
export type CheckSteps = Steps<Finding[]>;
export { drain } from '../util/steps.js';

/** How many items a sliced loop handles between two yields (a power of two: `(index & SLICE_MASK) === 0`). */
export const SLICE_MASK = 0x1fff;

export function defineCheck(check: Check): Check {
  return check;
}

/** A check written as slices (`steps`); `run` drains them at once. */
export function defineSteppedCheck(check: Omit<Check, 'run' | 'steps'> & { steps(context: CheckContext): CheckSteps }): Check {
  return { ...check, run: (context) => drain(check.steps(context)) };
}
