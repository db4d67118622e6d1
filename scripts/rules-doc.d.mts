import type { Rule } from '../src/checks/rules/define.js';

/** docs/rules.md (`current`) with its generated blocks rendered from `rules` (see rules-doc.mjs). */
export function renderRulesDoc(
  rules: readonly Pick<Rule, 'code' | 'severity' | 'family' | 'lifecycle' | 'replacedBy' | 'reportedBy' | 'title' | 'doc'>[],
  current: string,
): string;
