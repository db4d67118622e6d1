import { describe, expect, it } from 'vitest';
import { createBaseline, fingerprint, parseBaseline, serializeBaseline } from '../../../src/checks/baseline.js';
import { ALL_CODES } from '../../../src/checks/codes.js';
import { runChecks, selectChecks } from '../../../src/checks/run.js';
import { defineCheck, type CheckContext, type Finding } from '../../../src/checks/types.js';
import { McpnsError } from '../../../src/errors.js';
import { getExitCode } from '../../../src/report/exit-code.js';
import { bareTarget, catalogOf, contextFor, slashTarget } from './conflicts/helpers.js';

const demo = catalogOf({ calculator: ['add', 'subtract'], 'math-service': ['add'], atlassian: ['search'], weather: ['search'] });

function context(overrides: Partial<CheckContext['config']> = {}, targets = [slashTarget, bareTarget]): CheckContext {
  const ctx = contextFor(demo, targets);
  Object.assign(ctx.config, overrides);
  return ctx;
}

const codesOf = (findings: Finding[]): string[] => findings.map((f) => `${f.code}:${f.severity}:${f.target ?? '-'}:${f.name}`);

describe('runChecks', () => {
  it('runs the family, sorts by code, target, name and counts severities', () => {
    const result = runChecks(context(), ['conflicts']);
    expect(result.schemaVersion).toBe(1);
    expect(result.targets).toEqual(['t-slash', 't-bare']);
    expect(codesOf(result.findings)).toEqual([
      'NAME_COLLISION:error:t-bare:add',
      'NAME_COLLISION:error:t-bare:search',
      'SHADOWED_TOOL:warning:-:add',
      'SHADOWED_TOOL:warning:-:search',
    ]);
    expect(result.summary).toEqual({ error: 2, warning: 2, info: 0 });
  });

  it('applies config rules: warn/info/error re-rate, off removes', () => {
    const result = runChecks(context({ rules: { NAME_COLLISION: 'warn', SHADOWED_TOOL: 'off' } }), ['conflicts']);
    expect(codesOf(result.findings)).toEqual(['NAME_COLLISION:warning:t-bare:add', 'NAME_COLLISION:warning:t-bare:search']);
    expect(result.summary).toEqual({ error: 0, warning: 2, info: 0 });
  });

  it('drops --ignore codes and config ignore entries (matching members by server), counting the latter', () => {
    const result = runChecks(
      context({
        ignore: [
          { code: 'NAME_COLLISION', server: 'math-service', reason: 'meant to overlap' },
          { code: 'SHADOWED_TOOL', name: 'add', reason: 'x' },
        ],
      }),
      ['conflicts'],
      { ignoreCodes: ['NEAR_COLLISION'] },
    );
    expect(codesOf(result.findings)).toEqual(['NAME_COLLISION:error:t-bare:search', 'SHADOWED_TOOL:warning:-:search']);
    expect(result.ignored).toBe(2);
  });

  it('rejects unknown codes in rules, ignore and --ignore with exit-2 error UNKNOWN_CODE listing valid codes', () => {
    const attempts = [
      () => runChecks(context({ rules: { NOPE: 'off' } }), ['conflicts']),
      () => runChecks(context({ ignore: [{ code: 'NOPE', reason: 'r' }] }), ['conflicts']),
      () => runChecks(context(), ['conflicts'], { ignoreCodes: ['NOPE'] }),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(McpnsError);
        expect((error as McpnsError).code).toBe('UNKNOWN_CODE');
        expect((error as McpnsError).details?.['valid']).toEqual(ALL_CODES);
      }
    }
  });

  it('lists all N members of a collision and keeps output independent of check order', () => {
    const a = defineCheck({ codes: ['TOOL_ADDED'], family: 'lint', run: () => [{ code: 'TOOL_ADDED', severity: 'info', server: 'b', tool: 'x' }] });
    const b = defineCheck({ codes: ['TOOL_ADDED'], family: 'lint', run: () => [{ code: 'TOOL_ADDED', severity: 'info', server: 'a', tool: 'y' }] });
    const one = runChecks(context(), ['lint'], { checks: [a, b] });
    const two = runChecks(context(), ['lint'], { checks: [b, a] });
    expect(one.findings).toEqual(two.findings);
    expect(one.findings.map((f) => f.server)).toEqual(['a', 'b']);
  });

  it('adds SERVER_UNREACHABLE to every family', () => {
    expect(selectChecks(['lint']).flatMap((check) => check.codes)).toContain('SERVER_UNREACHABLE');
  });
});

describe('baseline', () => {
  it('fingerprints by identity, not severity or wording', () => {
    const finding: Finding = {
      code: 'NAME_COLLISION',
      severity: 'error',
      target: 't',
      name: 'add',
      members: [
        { server: 'a', tool: 'add' },
        { server: 'b', tool: 'add' },
      ],
    };
    expect(fingerprint(finding)).toBe(fingerprint({ ...finding, severity: 'warning', args: { cause: 'unprefixed', hint: 'other' } }));
    expect(fingerprint(finding)).not.toBe(
      fingerprint({
        ...finding,
        members: [
          { server: 'a', tool: 'add' },
          { server: 'c', tool: 'add' },
        ],
      }),
    );
    expect(fingerprint(finding)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('fails only on new findings and reports how many were baselined', () => {
    const before = runChecks(context(), ['conflicts']);
    const baseline = parseBaseline(serializeBaseline(createBaseline(before.findings)), 'baseline.json');
    const same = runChecks(context(), ['conflicts'], { baseline });
    expect(same.findings).toEqual([]);
    expect(same.baselined).toBe(4);
    expect(getExitCode(same, 'error')).toBe(0);

    const grown = contextFor(catalogOf({ calculator: ['add'], 'math-service': ['add'], atlassian: ['search'], weather: ['search'], extra: ['search'] }), [
      slashTarget,
      bareTarget,
    ]);
    const after = runChecks(grown, ['conflicts'], { baseline });
    expect(codesOf(after.findings)).toEqual(['NAME_COLLISION:error:t-bare:search', 'SHADOWED_TOOL:warning:-:search']);
    expect(after.baselined).toBe(2);
    expect(getExitCode(after, 'error')).toBe(1);
  });

  it('is byte-stable and rejects files that are not baselines', () => {
    const findings = runChecks(context(), ['conflicts']).findings;
    expect(serializeBaseline(createBaseline(findings))).toBe(serializeBaseline(createBaseline([...findings].reverse())));
    expect(() => parseBaseline('{"nope":1}', 'b.json')).toThrow(/not an mcpns baseline/);
    expect(() => parseBaseline('{', 'b.json')).toThrow(/not valid JSON/);
  });
});

describe('getExitCode', () => {
  const summary = (error: number, warning: number, info: number) => ({ summary: { error, warning, info } });
  it.each([
    [summary(1, 0, 0), 'error', 1],
    [summary(0, 1, 0), 'error', 0],
    [summary(0, 1, 0), 'warning', 1],
    [summary(0, 0, 5), 'warning', 0],
    [summary(3, 3, 3), 'never', 0],
  ] as const)('%o with --fail-on %s → %i', (result, failOn, code) => {
    expect(getExitCode(result, failOn)).toBe(code);
  });
});
