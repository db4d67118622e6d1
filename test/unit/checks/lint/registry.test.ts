import { describe, expect, it } from 'vitest';
import { CODES, isCode } from '../../../../src/checks/codes.js';
import { LINT_CHECKS } from '../../../../src/checks/lint/index.js';
import { RULES } from '../../../../src/checks/rules/index.js';

describe('LINT_CHECKS', () => {
  it('are lint-family checks emitting known codes, one module per code', () => {
    const codes = LINT_CHECKS.flatMap((check) => check.codes);
    expect(LINT_CHECKS.every((check) => check.family === 'lint')).toBe(true);
    expect(codes.every((code) => isCode(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(
      Object.entries(CODES)
        .filter(([, info]) => info.family === 'naming' || info.family === 'definitions')
        .map(([code]) => code)
        .filter((code) => code !== 'NAME_INVALID_CHARS' && code !== 'NAME_TOO_LONG')
        // Naming findings only `serve` can judge (what a client does to the gateway's names) have no lint check.
        .filter((code) => RULES.find((rule) => rule.code === code)?.reportedBy.some((command) => command !== 'serve'))
        .sort(),
    );
  });

  it('run in the order of the rules index, one check for each rule lint reports on its own', () => {
    const lintOnly = RULES.filter((rule) => rule.reportedBy.includes('lint') && !rule.reportedBy.includes('check-conflicts')).map((rule) => rule.code);
    expect(LINT_CHECKS.flatMap((check) => check.codes)).toEqual(lintOnly);
  });
});
