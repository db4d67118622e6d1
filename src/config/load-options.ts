import type { GeminiApprovalMode } from './approval-mode.js';

/** Where configuration is read from: the source options of every command (and of the library's `loadConfig`). */
export interface LoadOptions {
  /** Explicit --config files (mcpns's own or any client's). */
  configFiles?: string[];
  /** --client ids: read each client's known locations. */
  clients?: string[];
  /** --scan: every known client. */
  scan?: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
  /** VS Code `${input:id}` answers from --input id=value. */
  inputs?: Record<string, string>;
  /** --verbose: also report client config locations that do not exist. */
  verbose?: boolean;
  /** `--approval-mode`: Gemini CLI's approval mode of the non-interactive run mcpns models (default: "default"). */
  approvalMode?: GeminiApprovalMode;
}
