import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../../../src/checks/codes.js';
import { codeHits, lint, makeCatalog } from './make-catalog.js';

describe('TOOL_NAME_SPEC', () => {
  it('flags names outside 1–128 of [A-Za-z0-9_.-] at the code severity', () => {
    const catalog = makeCatalog({
      s: ['getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'has space', 'a,b', 'x/y', 'ünïcode', 'a'.repeat(129), 'b'.repeat(128), ''],
    });
    const findings = lint(catalog).filter((f) => f.code === 'TOOL_NAME_SPEC');
    expect(findings.map((f) => f.tool).sort()).toEqual(['', 'a,b', 'a'.repeat(129), 'has space', 'x/y', 'ünïcode'].sort());
    expect(findings.every((f) => f.severity === 'warning')).toBe(true);
    const empty = findings.find((f) => f.tool === '');
    expect(empty?.args?.['problem']).toBe('is empty');
    const spaced = findings.find((f) => f.tool === 'has space');
    expect(describeFinding(spaced!).message).toContain('space');
  });

  it('reports a leading/trailing "-" or "." as a separate lower-severity note', () => {
    const findings = lint(makeCatalog({ s: ['-start', 'end.', 'ok-name.v2'] })).filter((f) => f.code === 'TOOL_NAME_SPEC');
    expect(findings.map((f) => [f.tool, f.severity, f.args?.['level']]).sort()).toEqual([
      ['-start', 'info', 'note'],
      ['end.', 'info', 'note'],
    ]);
  });

  it('skips hidden tools', () => {
    const catalog = makeCatalog({ s: [{ name: 'bad name', hidden: { by: 'profile x', reason: 'r' } }] });
    expect(codeHits(lint(catalog), 'TOOL_NAME_SPEC')).toEqual([]);
  });
});
