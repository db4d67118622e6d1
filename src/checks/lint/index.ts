import type { Check } from '../types.js';

/** Naming-convention and tool-definition rules (lint), one module per rule. */
export const LINT_CHECKS: Check[] = [];
