import type { Catalog } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { Code, FindingArgs } from './finding-args.js';
import type { FindingBase } from './finding-base.js';

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
}

export interface Check {
  /** Codes this check can emit. */
  codes: readonly Code[];
  /** Which command family runs it. */
  family: 'conflicts' | 'lint';
  run(context: CheckContext): Finding[];
}

export function defineCheck(check: Check): Check {
  return check;
}
