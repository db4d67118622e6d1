import { describe, expect, it } from 'vitest';
import { nameInvalidChars } from '../../../src/checks/conflicts/name-invalid-chars.js';
import { nameTooLong } from '../../../src/checks/conflicts/name-too-long.js';
import { tooManyTools } from '../../../src/checks/conflicts/too-many-tools.js';
import type { Finding } from '../../../src/checks/types.js';
import { getTarget } from '../../../src/naming/index.js';
import { catalogOf, runCheck } from '../checks/conflicts/helpers.js';

/**
 * The provider rules' boundaries as check-conflicts reports them, pinned so that a change is deliberate
 * (sources in docs/presets.md, ## Providers). Provider targets render `server__tool`: with server "s" the name
 * is the tool name plus 3 characters.
 */
const named = (length: number): string => `s__${'t'.repeat(length - 3)}`;
const tool = (length: number): string => 't'.repeat(length - 3);

function nameFindings(provider: string, spec: Record<string, string[]>): string[] {
  const target = getTarget(provider);
  const catalog = catalogOf(spec);
  const findings: Finding[] = [...runCheck(nameTooLong, catalog, [target]), ...runCheck(nameInvalidChars, catalog, [target])];
  return findings.map((finding) => `${finding.code} ${finding.name}`).sort();
}

function countFinding(provider: string, count: number): Finding | undefined {
  const tools = Array.from({ length: count }, (_, i) => `t${String(i).padStart(4, '0')}`);
  return runCheck(tooManyTools, catalogOf({ s: tools }), [getTarget(provider)])[0];
}

const RULES = [
  { provider: 'openai', maxLength: 64, maxTools: 128 },
  { provider: 'anthropic', maxLength: 128, maxTools: undefined },
  { provider: 'gemini', maxLength: 64, maxTools: 512 },
  { provider: 'bedrock', maxLength: 64, maxTools: undefined },
  { provider: 'mistral', maxLength: 64, maxTools: undefined },
] as const;

describe('provider name length limits', () => {
  for (const { provider, maxLength } of RULES) {
    it(`${provider}: a ${maxLength}-character name is accepted, ${maxLength + 1} is NAME_TOO_LONG`, () => {
      expect(nameFindings(provider, { s: [tool(maxLength)] })).toEqual([]);
      expect(nameFindings(provider, { s: [tool(maxLength + 1)] })).toEqual([`NAME_TOO_LONG ${named(maxLength + 1)}`]);
      const [finding] = runCheck(nameTooLong, catalogOf({ s: [tool(maxLength + 1)] }), [getTarget(provider)]);
      expect(finding).toMatchObject({ target: provider, args: { length: maxLength + 1, limit: maxLength } });
    });
  }

  it('anthropic accepts 65 to 128 characters where openai, bedrock and mistral refuse them', () => {
    const spec = { s: [tool(100)] };
    expect(nameFindings('anthropic', spec)).toEqual([]);
    for (const provider of ['openai', 'bedrock', 'mistral', 'gemini']) expect(nameFindings(provider, spec)).toEqual([`NAME_TOO_LONG ${named(100)}`]);
  });
});

describe('provider name characters', () => {
  for (const provider of ['openai', 'anthropic', 'bedrock', 'mistral']) {
    it(`${provider}: ASCII letters, digits, "_" and "-" only, any of them first`, () => {
      expect(nameFindings(provider, { 'Srv-1': ['get_Item-2'], '9lives': ['_x'] })).toEqual([]);
      for (const bad of ['.', ':', '/', ' ', 'é']) {
        expect(nameFindings(provider, { s: [`a${bad}b`] })).toEqual([`NAME_INVALID_CHARS s__a${bad}b`]);
      }
    });
  }

  it('gemini: also "." and ":", but the first character must be a letter or "_"', () => {
    expect(nameFindings('gemini', { 'Srv-1.v2': ['ns:get_Item-2'], _private: ['x'] })).toEqual([]);
    for (const bad of ['/', ' ', 'é', '+']) expect(nameFindings('gemini', { s: [`a${bad}b`] })).toEqual([`NAME_INVALID_CHARS s__a${bad}b`]);
    expect(nameFindings('gemini', { '9lives': ['x'] })).toEqual(['NAME_INVALID_CHARS 9lives__x']);
    expect(nameFindings('gemini', { '-dash': ['x'] })).toEqual(['NAME_INVALID_CHARS -dash__x']);
  });
});

describe('provider tool-count limits (TOO_MANY_TOOLS)', () => {
  for (const { provider, maxTools } of RULES) {
    if (maxTools === undefined) {
      it(`${provider}: no documented limit, so 1000 tools are not reported`, () => {
        expect(getTarget(provider).maxTools).toBeUndefined();
        expect(countFinding(provider, 1000)).toBeUndefined();
      });
    } else {
      it(`${provider}: ${maxTools} tools pass, ${maxTools + 1} are TOO_MANY_TOOLS`, () => {
        expect(countFinding(provider, maxTools)).toBeUndefined();
        expect(countFinding(provider, maxTools + 1)).toMatchObject({
          code: 'TOO_MANY_TOOLS',
          target: provider,
          args: { count: maxTools + 1, limit: maxTools },
        });
      });
    }
  }
});
