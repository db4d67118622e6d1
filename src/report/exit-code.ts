import type { CheckResult } from '../checks/run.js';
import { EXIT } from '../exit-codes.js';

export type FailOn = 'error' | 'warning' | 'never';
export const FAIL_ON = ['error', 'warning', 'never'] as const satisfies readonly FailOn[];

/**
 * The exit code of a checking command, from the result alone (never from the format):
 * 1 when a finding is at or above --fail-on, else 0. Baselined and ignored findings never count.
 */
export function getExitCode(result: Pick<CheckResult, 'summary'>, failOn: FailOn): 0 | 1 {
  if (failOn === 'never') return EXIT.OK;
  const failing = failOn === 'warning' ? result.summary.error + result.summary.warning : result.summary.error;
  return failing > 0 ? EXIT.FINDINGS : EXIT.OK;
}
