import { describe, expect, it } from 'vitest';
import { lint, makeCatalog } from './make-catalog.js';

const serverFindings = (servers: string[], targets: string[]) =>
  lint(makeCatalog(Object.fromEntries(servers.map((name) => [name, ['tool_one']]))), undefined, targets)
    .filter((f) => f.code === 'SERVER_NAME_INVALID')
    .map((f) => `${f.server}@${f.target ?? '-'}`)
    .sort();

describe('SERVER_NAME_INVALID', () => {
  it('flags "/" under the canonical slash form', () => {
    expect(serverFindings(['a/b', 'good-name'], ['slash'])).toEqual(['a/b@slash']);
  });

  it('flags "__" and a trailing "_" for double-underscore targets, naming the target', () => {
    expect(serverFindings(['evil__foo', 'acme_', 'fine_name'], ['claude-code', 'metamcp'])).toEqual([
      'acme_@claude-code',
      'acme_@metamcp',
      'evil__foo@claude-code',
      'evil__foo@metamcp',
    ]);
  });

  it('flags "_" only when an underscore-splitting target is configured', () => {
    expect(serverFindings(['math_service'], ['slash', 'claude-code'])).toEqual([]);
    expect(serverFindings(['math_service'], ['mew-openai', 'gemini-cli', 'agentgateway'])).toEqual([
      'math_service@agentgateway',
      'math_service@gemini-cli',
      'math_service@mew-openai',
    ]);
  });

  it('flags whitespace and non-ASCII regardless of targets', () => {
    expect(serverFindings(['my server', 'sérveur'], [])).toEqual(['my server@-', 'sérveur@-']);
  });

  it('says which target a name breaks', () => {
    const finding = lint(makeCatalog({ a_b: ['x_y'] }), undefined, ['mew-openai']).find((f) => f.code === 'SERVER_NAME_INVALID');
    expect(finding?.args?.['problem']).toContain('mew-openai');
  });
});

describe('TARGET_SEPARATORS', () => {
  it('names only real naming targets', async () => {
    const { listTargets } = await import('../../../../src/naming/index.js');
    const { TARGET_SEPARATORS } = await import('../../../../src/checks/lint/server-name-invalid.js');
    const ids = new Set(listTargets().map((target) => target.id));
    expect(Object.keys(TARGET_SEPARATORS).filter((id) => !ids.has(id))).toEqual([]);
  });
});
