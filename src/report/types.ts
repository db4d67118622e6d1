import type { CheckResult } from '../checks/run.js';
import type { LoadedConfig } from '../config/loaded.js';

export const FORMATS = ['text', 'json', 'markdown', 'github', 'sarif', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatOptions {
  /** ANSI colour (text only); the CLI decides from --no-color, NO_COLOR/FORCE_COLOR and the TTY. */
  color: boolean;
  /** Paths in reports are relative to this. */
  cwd: string;
  /** Where servers are declared (file + line of each entry), for annotations and SARIF locations. */
  config?: LoadedConfig;
  /** `--fail-on`: JUnit marks only findings at or above it as <failure> (default error). */
  failOn?: 'error' | 'warning' | 'never';
}

/** A reporter: result in, string out. Reporters never write anywhere themselves (easy to test, exit code independent). */
export type Formatter = (result: CheckResult, options: FormatOptions) => string;
