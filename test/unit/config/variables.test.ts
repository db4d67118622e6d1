import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/config/model.js';
import { makeExpander, type Dialect } from '../../../src/config/clients/variables.js';

const scope = {
  env: { SET: 'value', EMPTY: '' } as Record<string, string | undefined>,
  inputs: { key: 'answer' },
  declaredInputs: new Set(['key', 'unanswered']),
  home: '/home/u',
  workspaceFolder: '/work/space',
  configDir: '/work/space/.vscode',
};

function expand(dialect: Dialect, raw: string): { value: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const value = makeExpander(dialect, 'Client', scope, 'file.json', diagnostics)(raw, '/x');
  return { value, diagnostics };
}
const codesOf = (result: { diagnostics: Diagnostic[] }): string[] => result.diagnostics.map((d) => d.code);

describe('variable dialects', () => {
  it('Claude Code: ${VAR}, ${VAR:-default}; missing keeps the placeholder with a warning', () => {
    expect(expand('claude-code', '${SET}/${MISSING:-dflt}/${EMPTY:-d2}').value).toBe('value/dflt/d2');
    const missing = expand('claude-code', 'Bearer ${MISSING}');
    expect(missing.value).toBe('Bearer ${MISSING}');
    expect(missing.diagnostics).toMatchObject([{ level: 'warning', code: 'UNRESOLVED_VARIABLE', pointer: '/x' }]);
  });
  it('Claude Code does not expand ${env:X}: info VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT', () => {
    const result = expand('claude-code', '${env:SET}');
    expect(result.value).toBe('${env:SET}');
    expect(codesOf(result)).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
  });
  it('VS Code: env (missing → empty), input, workspaceFolder, userHome; ${VAR} is foreign', () => {
    expect(expand('vscode', '${env:SET}|${input:key}|${workspaceFolder}|${userHome}').value).toBe('value|answer|/work/space|/home/u');
    const missing = expand('vscode', 'a${env:NOPE}b');
    expect(missing.value).toBe('ab');
    expect(codesOf(missing)).toEqual(['UNRESOLVED_VARIABLE']);
    const input = expand('vscode', '${input:unanswered}');
    expect(input.value).toBe('${input:unanswered}');
    expect(codesOf(input)).toEqual(['UNRESOLVED_INPUT']);
    const foreign = expand('vscode', '${SET}');
    expect(foreign.value).toBe('${SET}');
    expect(codesOf(foreign)).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
  });
  it('Cursor: missing ${env:X} is kept and reported', () => {
    const result = expand('cursor', '${env:NOPE}');
    expect(result.value).toBe('${env:NOPE}');
    expect(codesOf(result)).toEqual(['UNRESOLVED_VARIABLE']);
  });
  it('Gemini: $VAR and ${VAR:-d}; env/headers mode empties a missing one', () => {
    expect(expand('gemini', '$SET-${NOPE:-d}').value).toBe('value-d');
    const diagnostics: Diagnostic[] = [];
    const expander = makeExpander('gemini', 'Gemini', scope, 'f', diagnostics);
    expect(expander('$NOPE', '/env/A', 'empty')).toBe('');
    expect(expander('$NOPE', '/args/0')).toBe('$NOPE');
    expect(diagnostics.map((d) => d.message)).toEqual([
      'variable NOPE is not set; Gemini substitutes an empty string',
      'variable NOPE is not set; the placeholder is kept literally',
    ]);
  });
  it('opencode: {env:VAR} (missing → empty), ${env:X} is foreign', () => {
    expect(expand('opencode', 'Bearer {env:SET}').value).toBe('Bearer value');
    const missing = expand('opencode', '{env:NOPE}');
    expect(missing.value).toBe('');
    expect(codesOf(missing)).toEqual(['UNRESOLVED_VARIABLE']);
    expect(codesOf(expand('opencode', '${env:SET}'))).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
  });
  it('Codex/none: nothing expands, every syntax is reported', () => {
    const result = expand('none', '${SET} {env:SET} ${env:SET}');
    expect(result.value).toBe('${SET} {env:SET} ${env:SET}');
    expect(codesOf(result)).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT', 'VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT', 'VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
  });
  it('Continue: ${{ secrets.X }}', () => {
    expect(expand('continue', '${{ secrets.SET }}').value).toBe('value');
  });
  it('never puts a variable value in a diagnostic', () => {
    const result = expand('vscode', '${env:SET} ${SET} ${env:NOPE}');
    expect(JSON.stringify(result.diagnostics)).not.toContain('value');
  });
});
