import type { Check } from '../types.js';

/** Collision checks (check-conflicts), one module per check. */
export const CONFLICT_CHECKS: Check[] = [];
