import { describe, expect, it } from 'vitest';
import { foldName } from '../../../../src/checks/conflicts/fold.js';
import { nameInvalidChars } from '../../../../src/checks/conflicts/name-invalid-chars.js';
import { nameTooLong } from '../../../../src/checks/conflicts/name-too-long.js';
import { nearCollision } from '../../../../src/checks/conflicts/near-collision.js';
import { describeFinding } from '../../../../src/checks/codes.js';
import { getTarget } from '../../../../src/naming/index.js';
import { catalogOf, pairs, runCheck, slashTarget, target, underscoreTarget } from './helpers.js';
import { argsOf } from '../../../helpers/fixtures.js';

describe('NEAR_COLLISION', () => {
  it.each([
    ['case', { github: ['create_issue', 'Create_Issue'] }, 'case'],
    ['separators', { 'a.b': ['c'], a_b: ['c'], 'a-b': ['c'] }, 'separators'],
    ['Cyrillic look-alike', { paypal: ['send'], 'p\u0430ypal': ['send'] }, 'Unicode look-alikes'],
    ['NFKC fullwidth', { files: ['read'], ｆiles: ['read'] }, 'Unicode look-alikes'],
    ['zero-width space', { files: ['read'], 'fi\u200bles': ['read'] }, 'Unicode look-alikes'],
  ])('folds %s', (_label, spec, fold) => {
    const findings = runCheck(nearCollision, catalogOf(spec), [slashTarget]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'NEAR_COLLISION', severity: 'warning', target: 't-slash', args: { fold } });
    expect(findings[0]!.members).toHaveLength(Object.values(spec).flat().length);
  });

  it('leaves exactly equal names to NAME_COLLISION and distinct names alone', () => {
    const bare = target('t-bare', (ref) => ref.tool);
    expect(runCheck(nearCollision, catalogOf({ a: ['x'], b: ['x'], c: ['y'] }), [bare])).toEqual([]);
  });

  it('folds to one key per name (linear bucketing)', () => {
    expect(foldName('Get.User-Name')).toBe(foldName('get_user_name'));
    expect(foldName('p\u0430ypal')).toBe('paypal');
    expect(foldName('add')).not.toBe(foldName('sub'));
  });

  it('hints at the actual server key to rename', () => {
    const [finding] = runCheck(nearCollision, catalogOf({ paypal: ['send'], 'p\u0430ypal': ['send'] }), [slashTarget]);
    expect(describeFinding(finding!).hint).toContain('rename server key "p\u0430ypal"');
    expect(pairs(finding!)).toEqual(['paypal/send', 'p\u0430ypal/send']);
  });
});

describe('NAME_TOO_LONG / NAME_INVALID_CHARS', () => {
  const longServer = 'awslabs.billing-cost-management-mcp-server';
  const longTool = 'get_cost_and_usage_comparisons_with_forecast';

  it('checks the composed name against the wire length and says by how much to shorten the server key', () => {
    const findings = runCheck(nameTooLong, catalogOf({ [longServer]: [longTool], ok: ['x'] }), [underscoreTarget]);
    expect(findings).toEqual([
      expect.objectContaining({ code: 'NAME_TOO_LONG', server: longServer, tool: longTool, args: expect.objectContaining({ length: 87, limit: 64 }) }),
    ]);
    expect(describeFinding(findings[0]!).hint).toContain(`shorten server key "${longServer}" by at least 23 characters`);
  });

  it('lists the offending characters', () => {
    const raw = target('t-raw', (ref) => `${ref.server}__${ref.tool}`, {
      wire: { pattern: /^[A-Za-z0-9_-]{1,64}$/, charset: '[A-Za-z0-9_-]', maxLength: 64, char: /[A-Za-z0-9_-]/ },
    });
    const findings = runCheck(nameInvalidChars, catalogOf({ 'my.server': ['get time'], fine: ['ok'] }), [raw]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'NAME_INVALID_CHARS', name: 'my.server__get time', target: 't-raw' });
    expect(argsOf(findings[0])['chars']).toBe('"." \\u{20}');
    expect(describeFinding(findings[0]!).hint).toContain('rename server key "my.server"');
  });

  it('reports the first-character rule without a character list', () => {
    const gemini = target('t-gem', (ref) => ref.tool, {
      wire: { pattern: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/, charset: '[A-Za-z0-9_.:-]', maxLength: 64, char: /[A-Za-z0-9_.:-]/, first: /[A-Za-z_]/ },
    });
    const [finding] = runCheck(nameInvalidChars, catalogOf({ s: ['3d_render'] }), [gemini]);
    expect(argsOf(finding)['chars']).toMatch(/must start with/);
  });

  it('turns a drop without a collision into a finding with the reason', () => {
    const dropping = target('t-drop', (ref) => ({
      name: `${ref.server}-${ref.tool}`,
      ...(ref.server.includes('-') ? { dropped: 'server name contains "-"' } : {}),
    }));
    const invalid = runCheck(nameInvalidChars, catalogOf({ 'my-server': ['x'], ok: ['y'] }), [dropping]);
    expect(invalid).toEqual([expect.objectContaining({ server: 'my-server', args: expect.objectContaining({ dropped: 'server name contains "-"' }) })]);
    const tooLong = target('t-drop-long', (ref) => ({ name: `${ref.server}_${ref.tool}`, dropped: 'longer than 10' }), {
      wire: { pattern: /^[a-z_]{1,10}$/, charset: '[a-z_]', maxLength: 10, char: /[a-z_]/ },
    });
    expect(runCheck(nameTooLong, catalogOf({ server: ['long_tool_name'] }), [tooLong])).toEqual([
      expect.objectContaining({ code: 'NAME_TOO_LONG', args: expect.objectContaining({ dropped: 'longer than 10', length: 21, limit: 10 }) }),
    ]);
    expect(runCheck(nameInvalidChars, catalogOf({ server: ['long_tool_name'] }), [tooLong])).toEqual([]);
  });

  it('claude-code: nothing for 65 to 128 characters; over 128 an error saying Claude Code leaves the tool out', () => {
    const tool = (total: number): string => `len${total}_`.padEnd(total - 'mcp__s__'.length, 'x');
    const findings = runCheck(nameTooLong, catalogOf({ s: [tool(64), tool(65), tool(128), tool(129)] }), [getTarget('claude-code')]);
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'NAME_TOO_LONG',
        severity: 'error',
        target: 'claude-code',
        name: `mcp__s__${tool(129)}`,
        tool: tool(129),
        args: expect.objectContaining({ length: 129, limit: 128, dropped: expect.stringContaining('Claude Code leaves out a name over 128') }),
      }),
    ]);
    expect(describeFinding(findings[0]!).message).toContain('is 129 characters; claude-code allows 128; claude-code drops it (Claude Code leaves out');
    expect(runCheck(nameInvalidChars, catalogOf({ s: [tool(129)] }), [getTarget('claude-code')])).toEqual([]);
  });

  it('leaves drops caused by a collision (even of one pair listed twice) to NAME_COLLISION / DUPLICATE_IN_SERVER', () => {
    const lastWins = target('t-last', (ref) => `${ref.server}_${ref.tool}`, {
      wire: { pattern: /^[a-z_]{1,64}$/, charset: '[a-z_]', maxLength: 64, char: /[a-z_]/ },
      after: (names) =>
        names
          .slice(0, -1)
          .filter((n) => n.name === names.at(-1)!.name)
          .forEach((n) => (n.dropped = 'overwritten (last wins)')),
    });
    const catalog = catalogOf({ dup: ['lookup', 'lookup'] });
    expect(runCheck(nameTooLong, catalog, [lastWins])).toEqual([]);
    expect(runCheck(nameInvalidChars, catalog, [lastWins])).toEqual([]);
  });

  it('survives a megabyte name', () => {
    const huge = 'x'.repeat(1_000_000);
    const findings = runCheck(nameTooLong, catalogOf({ s: [huge] }), [underscoreTarget]);
    expect(argsOf(findings[0])['length']).toBe(1_000_002);
  });
});
