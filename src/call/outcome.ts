import { McpnsError } from '../errors.js';
import type { ArgumentViolation } from './validate.js';

/** Default --call-timeout: the MCP SDK's own default request timeout. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/** A duration as `call` shows it: "2.5 s". */
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** A call deadline that passed (`CallTimeoutError` of execute.ts carries these). */
export interface PassedDeadline {
  limit: 'call-timeout' | 'max-call-time';
  limitMs: number;
  elapsedMs: number;
}

/** CALL_TIMEOUT names the limit, the time it took and the flag that sets it (exit 1: the run completed, the call did not). */
export function callTimeoutError(label: string, deadline: PassedDeadline): McpnsError {
  const flag = `--${deadline.limit}`;
  const took = formatSeconds(deadline.elapsedMs);
  const message =
    deadline.limit === 'call-timeout'
      ? `tools/call ${label}: no answer and no progress for ${deadline.limitMs} ms (${flag} ${deadline.limitMs}); gave up after ${took} and sent notifications/cancelled`
      : `tools/call ${label}: still running at the ${deadline.limitMs} ms ceiling (${flag} ${deadline.limitMs}); gave up after ${took} and sent notifications/cancelled`;
  const hint =
    deadline.limit === 'call-timeout'
      ? `raise ${flag} <ms> (default ${DEFAULT_CALL_TIMEOUT_MS}); progress notifications restart it, --timeout only bounds discovery`
      : `raise ${flag} <ms>`;
  return new McpnsError('CALL_TIMEOUT', message, { hint, exitCode: 1, details: { limit: flag, limitMs: deadline.limitMs, elapsedMs: deadline.elapsedMs } });
}

/** An elicitation that a script could not answer (required fields without values): reported after the call. */
export interface UnansweredForm {
  server: string;
  message: string;
  missing: string[];
  problems: ArgumentViolation[];
}

/** What the elicitation responder saw during a call: declines and forms a script could not fill. */
export interface ElicitationTally {
  declined: Array<{ server: string; mode: 'form' | 'url'; action: 'decline' | 'cancel'; by: 'user' | 'policy' }>;
  unanswered: UnansweredForm[];
}

/**
 * The outcome of a call's elicitations, after its result: a form a script could not fill is a usage problem
 * (ELICITATION_INCOMPLETE, exit 2); a decline is the user's answer (DECLINED, exit 1); undefined when neither happened.
 */
export function elicitationOutcomeError(tally: ElicitationTally): McpnsError | undefined {
  const unanswered = tally.unanswered[0];
  if (unanswered) {
    const needs = [
      ...unanswered.missing.map((field) => `${field} (required, no default)`),
      ...unanswered.problems.map((problem) => `${problem.path}: ${problem.message}`),
    ];
    return new McpnsError(
      'ELICITATION_INCOMPLETE',
      `server "${unanswered.server}" asked "${unanswered.message}" and the answer is incomplete: ${needs.join('; ')}; it was cancelled`,
      {
        hint: `supply the values with --answers '{"${unanswered.missing[0] ?? unanswered.problems[0]?.path ?? 'field'}": …}', or run on a terminal to answer`,
        details: { server: unanswered.server, missing: unanswered.missing, problems: unanswered.problems },
      },
    );
  }
  const declined = tally.declined[0];
  if (!declined) return undefined;
  const byPolicy = declined.by === 'policy';
  return new McpnsError(
    'DECLINED',
    `${declined.action === 'cancel' ? 'cancelled' : 'declined'} the ${declined.mode === 'url' ? 'web page' : 'form'} server "${declined.server}" asked for${byPolicy ? ' (nobody to answer it in a non-interactive run)' : ''}`,
    {
      exitCode: 1,
      ...(byPolicy
        ? { hint: declined.mode === 'url' ? 'run it on a terminal to open the page' : 'pass --yes to accept the defaults, or --answers with the values' }
        : {}),
      details: { server: declined.server, mode: declined.mode, action: declined.action },
    },
  );
}
