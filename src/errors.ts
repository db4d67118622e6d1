/**
 * Typed errors. Every error the CLI can show is an McpnsError with a stable code;
 * the CLI maps them to exit code 2 and prints them on stderr (one JSON line under --json).
 */
export type ErrorCode =
  | 'USAGE'
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_PARSE'
  | 'CONFIG_INVALID'
  | 'UNKNOWN_SERVER'
  | 'UNKNOWN_PROFILE'
  | 'UNKNOWN_TARGET'
  | 'UNKNOWN_CODE'
  | 'CATALOG_INVALID'
  | 'CATALOG_VERSION'
  | 'TOOL_NOT_FOUND'
  | 'TOOL_AMBIGUOUS'
  | 'ARGS_INVALID'
  | 'ARGS_SCHEMA_MISMATCH'
  | 'SCHEMA_INVALID'
  | 'NO_CAPABILITY'
  | 'CONFIRMATION_REQUIRED'
  | 'TRANSPORT'
  | 'RESPONSE_TOO_LARGE'
  | 'CALL_TIMEOUT'
  | 'DECLINED'
  | 'ELICITATION_INCOMPLETE'
  | 'OUTPUT_SCHEMA_MISMATCH'
  | 'PLAN_UNREADABLE'
  | 'IO'
  | 'INTERRUPTED'
  | 'AUTH_REQUIRED'
  | 'AUTH_FAILED'
  | 'AUTH_STORE_INVALID'
  | 'AUTH_IN_PROGRESS'
  | 'INTERNAL';

export interface ErrorLocation {
  file?: string;
  line?: number;
  column?: number;
  /** JSON path of the offending field, e.g. "servers.calculator.command". */
  path?: string;
}

export class McpnsError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly location: ErrorLocation;
  /** Extra structured data for --json error output (candidates, suggestions…). */
  readonly details: Record<string, unknown> | undefined;
  /**
   * Exit code of the contract: 2 (usage, config, transport) unless the run completed and the failure is an outcome
   * (1: a call that timed out, a declined confirmation or elicitation).
   */
  readonly exitCode: 1 | 2;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string; location?: ErrorLocation; details?: Record<string, unknown>; cause?: unknown; exitCode?: 1 | 2 } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McpnsError';
    this.code = code;
    this.hint = options.hint;
    this.location = options.location ?? {};
    this.details = options.details;
    this.exitCode = options.exitCode ?? 2;
  }
}

export class UsageError extends McpnsError {
  constructor(message: string, options: { hint?: string; details?: Record<string, unknown> } = {}) {
    super('USAGE', message, options);
    this.name = 'UsageError';
  }
}

export class ConfigError extends McpnsError {
  constructor(
    code: 'CONFIG_NOT_FOUND' | 'CONFIG_PARSE' | 'CONFIG_INVALID',
    message: string,
    options: { hint?: string; location?: ErrorLocation; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.name = 'ConfigError';
  }
}

export function isMcpnsError(error: unknown): error is McpnsError {
  return error instanceof McpnsError;
}
