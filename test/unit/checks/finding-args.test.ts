/** Finding arguments are typed per code: these lines are checked by `npm run typecheck` (tests are type-checked). */
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../../src/checks/codes.js';
import type { Finding } from '../../../src/checks/types.js';

describe('finding arguments typed per code', () => {
  it('the wording reads the arguments the check produced', () => {
    const finding: Finding = { code: 'TOO_MANY_TOOLS', severity: 'warning', target: 'openai', args: { count: 130, limit: 128, largest: [], hint: 'x' } };
    expect(describeFinding(finding).message).toBe('130 tools exceed the limit of 128 for openai');
  });

  it('a misspelt or wrongly typed argument does not compile', () => {
    const misspelt: Finding = {
      code: 'TOO_MANY_TOOLS',
      severity: 'warning',
      // @ts-expect-error "limt" is not an argument of TOO_MANY_TOOLS
      args: { count: 3, limt: 2, largest: [], hint: '' },
    };
    const wrongType: Finding = {
      code: 'PREFIX_MISMATCH',
      severity: 'error',
      // @ts-expect-error a namespace is a string
      args: { prefix: 'file_', namespace: 7 },
    };
    expect([misspelt.code, wrongType.code]).toEqual(['TOO_MANY_TOOLS', 'PREFIX_MISMATCH']);
  });
});
