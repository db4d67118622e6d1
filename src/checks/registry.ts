import { CONFLICT_CHECKS } from './conflicts/index.js';
import { LINT_CHECKS } from './lint/index.js';
import type { Check } from './types.js';

/** Every check, by family. `check` runs both families in one report. */
export const CHECKS: Record<'conflicts' | 'lint', readonly Check[]> = {
  conflicts: CONFLICT_CHECKS,
  lint: LINT_CHECKS,
};
