import { describe, expect, it } from 'vitest';
import { ambiguousRoute } from '../../../../src/checks/conflicts/ambiguous-route.js';
import { duplicateInServer } from '../../../../src/checks/conflicts/duplicate-in-server.js';
import { nameCollision } from '../../../../src/checks/conflicts/name-collision.js';
import { serverUnreachable } from '../../../../src/checks/conflicts/server-unreachable.js';
import { shadowedTool } from '../../../../src/checks/conflicts/shadowed-tool.js';
import { tooManyTools } from '../../../../src/checks/conflicts/too-many-tools.js';
import { CONFLICT_CHECKS } from '../../../../src/checks/conflicts/index.js';
import { describeFinding } from '../../../../src/checks/codes.js';
import { bareTarget, catalogOf, pairs, runCheck, slashTarget, target, underscoreTarget } from './helpers.js';
import { argsOf } from '../../../helpers/fixtures.js';

const demo = catalogOf({
  calculator: ['add', 'subtract', 'multiply'],
  'math-service': ['add', 'integrate'],
  atlassian: ['search', 'atlassian_get_issue'],
  weather: ['search', 'getCurrentWeather'],
});

describe('SHADOWED_TOOL', () => {
  it('reports each tool name offered by several servers once, at info, when every target prefixes', () => {
    const findings = runCheck(shadowedTool, demo, [slashTarget]).sort((a, b) => a.name!.localeCompare(b.name!));
    expect(findings.map((f) => [f.code, f.severity, f.name, f.target])).toEqual([
      ['SHADOWED_TOOL', 'info', 'add', undefined],
      ['SHADOWED_TOOL', 'info', 'search', undefined],
    ]);
    expect(pairs(findings[0]!)).toEqual(['calculator/add', 'math-service/add']);
  });

  it('is a warning naming the unprefixed targets, with a hint that names the tool to deny', () => {
    const add = runCheck(shadowedTool, demo, [slashTarget, bareTarget]).find((f) => f.name === 'add');
    expect(add).toMatchObject({ severity: 'warning', args: { unprefixedTargets: ['t-bare'] } });
    expect(describeFinding(add!).hint).toContain('"math-service/add"');
  });

  it('stays info when a prefixing target merely mangles two server keys together (that is NAME_COLLISION)', () => {
    const catalog = catalogOf({ 'a.b': ['c'], a_b: ['c'] });
    const [finding] = runCheck(shadowedTool, catalog, [underscoreTarget]);
    expect(finding).toMatchObject({ severity: 'info', args: { unprefixedTargets: [] } });
  });

  it('ignores hidden tools and a name repeated inside one server', () => {
    const catalog = catalogOf({ a: ['x', 'x'], b: ['y'], c: ['y'] }, { hidden: ['c/y'] });
    expect(runCheck(shadowedTool, catalog, [slashTarget])).toEqual([]);
  });
});

describe('NAME_COLLISION', () => {
  it('lists all N members of an exposed name shared under an unprefixed target', () => {
    const catalog = catalogOf({ one: ['add'], two: ['add'], three: ['add'], four: ['sum'] });
    const findings = runCheck(nameCollision, catalog, [bareTarget]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'NAME_COLLISION', severity: 'error', target: 't-bare', name: 'add', args: { cause: 'unprefixed' } });
    expect(pairs(findings[0]!)).toEqual(['one/add', 'three/add', 'two/add']);
    expect(describeFinding(findings[0]!).hint).toMatch(/deny "three\/add", "two\/add"/);
  });

  it('is clean under a prefixing target', () => {
    expect(runCheck(nameCollision, demo, [slashTarget])).toEqual([]);
  });

  it('reports collisions created by sanitizing (a.b vs a_b) and names the server key to rename', () => {
    const catalog = catalogOf({ 'a.b': ['c'], a_b: ['c'] });
    const [finding] = runCheck(nameCollision, catalog, [underscoreTarget]);
    expect(finding).toMatchObject({ name: 'a_b_c', args: { cause: 'mangled' } });
    expect(describeFinding(finding!).hint).toContain('rename server key "a_b"');
    expect(describeFinding(finding!).message).toContain('sanitizing');
  });

  it('reports collisions created by truncation', () => {
    const cut = target('t-cut', (ref) => `${ref.server}_${ref.tool}`.slice(0, 12));
    const catalog = catalogOf({ github: ['create_issue_a', 'create_issue_b'] });
    const [finding] = runCheck(nameCollision, catalog, [cut]);
    expect(finding).toMatchObject({ name: 'github_creat', args: { cause: 'mangled' } });
    expect(pairs(finding!)).toEqual(['github/create_issue_a', 'github/create_issue_b']);
  });

  it('includes members a collision policy dropped, with the reason', () => {
    const firstWins = target('t-first', (ref) => ref.tool, {
      after: (names) =>
        names
          .slice(1)
          .filter((n) => n.name === names[0]!.name)
          .forEach((n) => (n.dropped = 'shadowed (first wins)')),
    });
    const [finding] = runCheck(nameCollision, catalogOf({ a: ['x'], b: ['x'] }), [firstWins]);
    expect(argsOf(finding)['dropped']).toEqual([{ server: 'b', tool: 'x', reason: 'shadowed (first wins)' }]);
    expect(pairs(finding!)).toEqual(['a/x', 'b/x']);
  });

  it('reports wire-name collisions', () => {
    const wire = target('t-wire', (ref) => ({ name: `${ref.server}/${ref.tool}`, wireName: `${ref.server}/${ref.tool}`.replace('/', '_') }));
    const [finding] = runCheck(nameCollision, catalogOf({ a: ['b_c'], a_b: ['c'] }), [wire]);
    expect(finding).toMatchObject({ name: 'a_b_c', args: { onWire: true } });
  });

  it('does not treat one pair listed twice as a cross-pair collision (that is DUPLICATE_IN_SERVER)', () => {
    expect(runCheck(nameCollision, catalogOf({ a: ['x', 'x'] }), [bareTarget])).toEqual([]);
  });
});

describe('DUPLICATE_IN_SERVER', () => {
  it('reports a tool name listed twice by one server', () => {
    const findings = runCheck(duplicateInServer, catalogOf({ dup: ['lookup', 'lookup', 'other'], b: ['lookup'] }), [slashTarget]);
    expect(findings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_IN_SERVER', server: 'dup', tool: 'lookup', args: expect.objectContaining({ count: 2 }) }),
    ]);
  });
});

describe('AMBIGUOUS_ROUTE', () => {
  it('reports a name that parses back to another pair and hints at renaming the server key', () => {
    const catalog = catalogOf({ a: ['b_c'], a_b: ['d'], plain: ['x'] });
    const findings = runCheck(ambiguousRoute, catalog, [underscoreTarget]);
    expect(findings.map((f) => [f.name, f.server, f.tool, argsOf(f)['parsedAs']])).toEqual([['a_b_d', 'a_b', 'd', 'a/b_d']]);
    expect(describeFinding(findings[0]!).hint).toContain('rename server key "a_b"');
  });

  it('skips targets without parse and names that already collide', () => {
    expect(runCheck(ambiguousRoute, catalogOf({ a_b: ['c'] }), [bareTarget])).toEqual([]);
    expect(runCheck(ambiguousRoute, catalogOf({ a: ['b_c'], a_b: ['c'] }), [underscoreTarget])).toEqual([]);
  });
});

describe('TOO_MANY_TOOLS', () => {
  it("reports a target's tool-count limit and names the largest servers", () => {
    const limited = target('t-limited', (ref) => `${ref.server}/${ref.tool}`, { maxTools: 3 });
    const [finding] = runCheck(tooManyTools, catalogOf({ big: ['a', 'b', 'c'], small: ['d'] }), [limited]);
    expect(finding).toMatchObject({ code: 'TOO_MANY_TOOLS', target: 't-limited', args: { count: 4, limit: 3 } });
    expect(describeFinding(finding!).hint).toContain('"big" (3)');
    expect(runCheck(tooManyTools, catalogOf({ big: ['a', 'b', 'c'] }), [limited])).toEqual([]);
  });
});

describe('SERVER_UNREACHABLE', () => {
  it('reports a failed server while the others are still checked', () => {
    const catalog = catalogOf({ broken: [], a: ['x'], b: ['x'] }, { failed: ['broken'] });
    const context = { targets: [bareTarget] };
    expect(runCheck(serverUnreachable, catalog, context.targets)).toEqual([
      expect.objectContaining({ code: 'SERVER_UNREACHABLE', server: 'broken', args: expect.objectContaining({ errorCode: 'SPAWN_FAILED' }) }),
    ]);
    expect(runCheck(nameCollision, catalog, context.targets)).toHaveLength(1);
  });

  it('a server that wants a sign-in is SERVER_AUTH_REQUIRED (with the hint from discovery), not unreachable', () => {
    const catalog = catalogOf({ remote: [], a: ['x'] });
    const remote = catalog.servers.find((server) => server.name === 'remote')!;
    Object.assign(remote, {
      status: 'error',
      error: { code: 'AUTH_REQUIRED', message: 'not signed in to "remote": the server requires OAuth sign-in', hint: 'sign in with: mcpns auth login remote' },
    });
    expect(runCheck(serverUnreachable, catalog, [bareTarget])).toEqual([
      {
        code: 'SERVER_AUTH_REQUIRED',
        severity: 'error',
        name: 'remote',
        server: 'remote',
        args: { errorMessage: 'not signed in to "remote": the server requires OAuth sign-in', hint: 'sign in with: mcpns auth login remote' },
      },
    ]);
  });
});

describe('registry', () => {
  it('registers one check per collision code', () => {
    expect(CONFLICT_CHECKS.flatMap((check) => check.codes).sort()).toEqual([
      'AMBIGUOUS_ROUTE',
      'DUPLICATE_IN_SERVER',
      'NAME_COLLISION',
      'NAME_INVALID_CHARS',
      'NAME_REFUSED',
      'NAME_TOO_LONG',
      'NEAR_COLLISION',
      'SERVER_AUTH_REQUIRED',
      'SERVER_UNREACHABLE',
      'SHADOWED_TOOL',
      'TOO_MANY_TOOLS',
    ]);
  });
});
