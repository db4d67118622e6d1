import type { ToolRef } from '../catalog/types.js';

export type Severity = 'error' | 'warning' | 'info';

/** Where a finding is and what it is about; the code-specific arguments are typed per code (FindingArgs). */
export interface FindingBase {
  severity: Severity;
  /** Naming target (style/preset) the finding is about, when it depends on one. */
  target?: string;
  /** The name the finding is about (a rendered name, a tool name, a server name). */
  name?: string;
  server?: string;
  tool?: string;
  /** All N members of a collision, sorted. */
  members?: ToolRef[];
  /** Where in a config file the finding is (CONFIG_REJECTED); otherwise it is located at its servers' entries. */
  location?: { file: string; line?: number; column?: number };
}
