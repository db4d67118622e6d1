import { describe, expect, it } from 'vitest';
import { caseSubject, isCase } from '../../../../src/checks/lint/case-style.js';
import { codeHits, lint, makeCatalog, makeConfig } from './make-catalog.js';

const catalog = makeCatalog({
  files: ['file_read_file', 'file_write_file', 'read_file', 'file_ReadFile'],
  atlassian: ['atlassian_get_issue', 'search_confluence', 'search'],
  weather: ['getForecast', 'get_alerts', 'Current'],
  other: ['anything_goes'],
});
const config = makeConfig(['files', 'atlassian', 'weather', 'other'], {
  namespaces: {
    files: { servers: ['files'], prefix: 'file_', pattern: '^file_[a-z_]+$', case: 'snake', domain: 'filesystem' },
    atlassian: { servers: ['atlassian'], prefix: 'atlassian_', pattern: '^atlassian_[a-z_]+$' },
    weather: { servers: ['weather'], case: 'camel' },
  },
});
const findings = lint(catalog, config);

describe('namespace rules', () => {
  it('PREFIX_MISMATCH: tools without their namespace prefix', () => {
    expect(codeHits(findings, 'PREFIX_MISMATCH')).toEqual(['atlassian/search', 'atlassian/search_confluence', 'files/read_file']);
    const one = findings.find((f) => f.code === 'PREFIX_MISMATCH' && f.tool === 'read_file');
    expect(one?.args).toMatchObject({ prefix: 'file_', namespace: 'files' });
  });

  it('PATTERN_MISMATCH: tools not matching the namespace pattern', () => {
    expect(codeHits(findings, 'PATTERN_MISMATCH')).toEqual(['atlassian/search', 'atlassian/search_confluence', 'files/file_ReadFile', 'files/read_file']);
  });

  it('CASE_STYLE: checks the part after a separator-terminated prefix', () => {
    expect(codeHits(findings, 'CASE_STYLE')).toEqual(['files/file_ReadFile', 'weather/Current', 'weather/get_alerts']);
  });

  it('servers outside any namespace are not checked', () => {
    expect(findings.filter((f) => f.server === 'other').map((f) => f.code)).toEqual([]);
  });

  it('case helpers', () => {
    expect(isCase('file_read_file', 'snake')).toBe(true);
    expect(isCase('getForecast', 'camel')).toBe(true);
    expect(isCase('add', 'camel')).toBe(true);
    expect(isCase('get-forecast', 'kebab')).toBe(true);
    expect(isCase('GetForecast', 'pascal')).toBe(true);
    expect(isCase('GetForecast', 'camel')).toBe(false);
    expect(isCase('get__x', 'snake')).toBe(false);
    expect(isCase('2fa_check', 'snake')).toBe(true);
    expect(isCase('getHTTPStatus', 'camel')).toBe(true);
    expect(isCase('get-Forecast', 'kebab')).toBe(false);
    expect(caseSubject('file_readFile', 'file_')).toBe('readFile');
    expect(caseSubject('weatherGetForecast', 'weather')).toBe('weatherGetForecast');
  });
});
