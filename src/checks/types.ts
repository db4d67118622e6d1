import type { Catalog, ToolRef } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * A finding is data, never a sentence: code + where + arguments.
 * Wording comes from the code table (src/checks/codes.ts) when a report is rendered.
 */
export interface Finding {
  code: string;
  severity: Severity;
  /** Naming target (style/preset) the finding is about, when it depends on one. */
  target?: string;
  /** The name the finding is about (a rendered name, a tool name, a server name). */
  name?: string;
  server?: string;
  tool?: string;
  /** All N members of a collision, sorted. */
  members?: ToolRef[];
  /** Code-specific arguments used by the wording functions. */
  args?: Record<string, unknown>;
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
  codes: readonly string[];
  /** Which command family runs it. */
  family: 'conflicts' | 'lint';
  run(context: CheckContext): Finding[];
}

export function defineCheck(check: Check): Check {
  return check;
}
