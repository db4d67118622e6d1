/**
 * Issue 25 §2.1: regular expressions from servers and configs run in linear time with ECMAScript's meaning. A
 * property test compares the linear engine with V8's on random text for patterns that exercise every rewrite (`.`,
 * `\s`, `\S`, `[\b]`, `\0`, surrogate pairs, Annex B escapes, named groups, flags); constructs only a backtracking
 * engine runs are refused with a reason; and the red team's pattern answers at once on inputs that would take V8 hours,
 * from a server's schema (test/hardening/hostile-patterns.test.ts) or a config (namespaces, capabilities, routes).
 */
import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchesPattern } from '../../../src/call/capabilities.js';
import { loadConfig } from '../../../src/config/load.js';
import { namespacePattern } from '../../../src/profiles/namespaces.js';
import { checkLinearPattern, linearRegExp, unsupportedReason, UnsupportedPatternError } from '../../../src/util/linear-regexp.js';
import { makeTempDir } from '../../helpers/temp.js';

/** Characters where the engines' readings differ unless rewritten: line terminators, Unicode spaces, astral letters. */
const ALPHABET = [
  'a',
  'b',
  'A',
  'ß',
  '0',
  '7',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  '\ufeff',
  '\u0008',
  '\u0000',
  '😀',
  '-',
  '_',
  '.',
  'p',
  '{',
  '}',
  'L',
];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }).map((chars) => chars.join(''));

const PATTERNS: Array<[string, string]> = [
  ['^.$', 'u'],
  ['^.+$', 's'],
  ['a.b', 'u'],
  ['^\\s+$', 'u'],
  ['\\S', 'u'],
  ['^[\\s\\d]+$', 'u'],
  ['^[^\\S]+$', 'u'],
  ['^[\\b]$', 'u'],
  ['\\0', 'u'],
  ['^\\uD83D\\uDE00$', 'u'],
  ['^\\u{1F600}+$', 'u'],
  ['^\\p{L}+$', 'u'],
  ['^\\p{Script=Latin}+$', 'u'],
  ['\\P{gc=Lu}', 'u'],
  ['p{L}', ''],
  ['^\\p{L}$', ''],
  ['^[a-z]+$', 'i'],
  ['^(a|b)*-?\\d{1,3}$', 'u'],
  ['^(?<word>\\w+)\\s(?<rest>.*)$', 'u'],
  ['(?<=a)b', 'u'],
  ['^a$', 'm'],
  ['^(?:a|b)$', 'mu'],
  ['^(?<line>.*)$', 'm'],
  ['[^]', 'u'],
  ['[]', ''],
  ['\\bb', 'u'],
  ['^(?:[^=\\0]+)$', 'u'],
];

describe('linearRegExp matches as V8 does', () => {
  for (const [pattern, flags] of PATTERNS) {
    it(`/${pattern}/${flags}`, () => {
      const linear = linearRegExp(pattern, flags);
      const native = new RegExp(pattern, flags);
      fc.assert(
        fc.property(text, (input) => {
          expect(linear.test(input), JSON.stringify(input)).toBe(native.test(input));
          const expected = native.exec(input);
          const got = linear.exec(input);
          if (!expected) {
            expect(got, JSON.stringify(input)).toBeNull();
            return;
          }
          expect(got?.text, JSON.stringify(input)).toBe(expected[0]);
          expect(got?.index, JSON.stringify(input)).toBe(expected.index);
          expect(got?.groups, JSON.stringify(input)).toEqual({ ...expected.groups });
        }),
        { numRuns: 300 },
      );
    });
  }

  it('names the groups in declaration order', () => {
    expect(linearRegExp('(?<b>x)(?<a>y)?', 'u').groupNames).toEqual(['b', 'a']);
  });
});

describe('patterns only a backtracking engine can run', () => {
  it.each([
    ['(?=a)b', 'lookahead'],
    ['^(?!internal_)', 'lookahead'],
    ['(a)\\1', 'backreferences'],
    ['(?<x>a)\\k<x>', 'backreferences'],
    ['^a{1001}$', 'support for this pattern'],
  ])('%s is refused (%s)', (pattern, reason) => {
    expect(() => linearRegExp(pattern, 'u')).toThrow(UnsupportedPatternError);
    expect(unsupportedReason(pattern, 'u')).toContain(reason);
  });

  it('v-mode set operations are refused, plain v-mode classes run', () => {
    expect(unsupportedReason('[\\p{L}--[a-z]]', 'v')).toBe('set operations of the v flag');
    expect(linearRegExp('^[a-z]+$', 'v').test('abc')).toBe(true);
  });

  it('an invalid pattern is V8 own SyntaxError', () => {
    expect(() => linearRegExp('(a', 'u')).toThrow(SyntaxError);
    expect(() => unsupportedReason('[z-a]', 'u')).toThrow(/Range out of order/);
  });
});

describe('linear time', () => {
  it('^(a+)+$ against 42 a and "!" (hours for V8) and against a million a', () => {
    const hostile = linearRegExp('^(a+)+$', 'u');
    expect(hostile.test(`${'a'.repeat(42)}!`)).toBe(false);
    expect(hostile.test(`${'a'.repeat(1_000_000)}!`)).toBe(false);
    expect(hostile.test('a'.repeat(1_000_000))).toBe(true);
  });
});

describe('patterns from configs run on it too', () => {
  const hostile = `${'a'.repeat(42)}!`;

  it('a namespace pattern against a server tool name, and a capability payload pattern against an argument', () => {
    expect(namespacePattern('^(a+)+$').test(hostile)).toBe(false);
    expect(matchesPattern('/^(a+)+$/', hostile)).toBe(false);
    expect(matchesPattern('/^(?!rm)/', 'ls')).toBe(false); // a pattern the engine cannot run allows nothing
  });

  it('a namespace pattern with lookahead is a config error naming it', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers: {}, namespaces: { n: { servers: [], pattern: '^(?!internal_)' } } }));
    expect(() => loadConfig({ configFiles: [join(dir, 'mcpns.config.json')], cwd: dir, env: {}, home: dir })).toThrow(
      /namespaces\.n\.pattern: invalid regular expression: lookahead: mcpns runs regular expressions/,
    );
  });
});

describe('checking a config pattern without compiling it', () => {
  /** Pieces of patterns, plain and not: the checker's subset must never accept what the engine refuses. */
  const PIECES = [
    ...['a', 'Z', '_', ' ', '-', '.', "'", '/', 'é', '日', '😀', '\u2028', '^', '$', '|', '*', '+', '?', '*?', '??'],
    ...['(', ')', '(?:', '(?<n>', '(?<m1>', '(?<é>', '(?=', '(?<=', '(?<!', '[', ']', '[^', '{', '}', '{2}', '{1,3}', '{1001}'],
    ...['\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\b', '\\B', '\\n', '\\r', '\\t', '\\f', '\\v', '\\0', '\\1', '\\k<n>'],
    ...['\\.', '\\-', '\\/', '\\^', '\\[', '\\]', '\\{', '\\(', '\\p{L}', '\\P{Lu}', '\\p{Nd}', '\\p{Xx}', '\\p{Script=Greek}'],
    ...['\\u0041', '\\u{1F600}', '\\x41', '\\cA', '\\a', '\\ud83d', '\\ud83d\\ude00', 'a-z', '-]', '[]', '[^]', '[a-', '\\d-'],
  ];
  const pattern = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((pieces) => pieces.join(''));
  const flags = fc.constantFrom('', 'i', 'u', 'iu', 'm', 's', 'imsu', 'd', 'v');
  const verdict = (run: () => { groupNames: readonly string[] }): string => {
    try {
      return `ok ${JSON.stringify(run().groupNames)}`;
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };

  it('gives the compiled engine’s verdict and group names, for every pattern V8 accepts', () => {
    let plain = 0;
    fc.assert(
      fc.property(pattern, flags, (source, flag) => {
        try {
          new RegExp(source, flag);
        } catch {
          return; // V8's own SyntaxError, first on both paths
        }
        const checked = verdict(() => checkLinearPattern(source, flag));
        // A fresh copy of the engine's verdict (checkLinearPattern falls back to it and shares its cache).
        const engine = verdict(() => linearRegExp(source, flag));
        if (checked.startsWith('ok')) plain++;
        expect(checked, `/${source}/${flag}`).toBe(engine);
      }),
      { numRuns: 4000 },
    );
    expect(plain).toBeGreaterThan(500); // the subset is exercised, not only the fallback
  });

  it('decides the demo config’s namespace and route patterns without loading the engine', () => {
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
         const { readConfig } = await import(${JSON.stringify(new URL('../../../dist/config/load-core.js', import.meta.url).href)});
         const { config } = readConfig({ configFiles: ['mcpns.config.json'], cwd: process.cwd(), env: {}, home: '/nonexistent' });
         const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('re2js'));
         console.log(JSON.stringify({ routes: config.routes.length, loaded }));`,
      ],
      { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8' },
    );
    expect(probe.stderr).toBe('');
    expect(JSON.parse(probe.stdout)).toEqual({ routes: expect.any(Number), loaded: [] });
    expect(JSON.parse(probe.stdout).routes).toBeGreaterThan(3);
  });

  it('names the groups a route template may use, and refuses what the engine refuses', () => {
    expect(checkLinearPattern('(?<a>-?\\d+)\\s*(?:plus|\\+)\\s*(?<b>[\\p{L} .-]*?)$', 'iu').groupNames).toEqual(['a', 'b']);
    expect(() => checkLinearPattern('^(?!rm )(?<cmd>.+)$', 'i')).toThrow(UnsupportedPatternError);
    expect(() => checkLinearPattern('(?<a>x)|(?<a>y)', 'i')).toThrow(); // V8 or the engine: never accepted by the subset
    expect(() => checkLinearPattern('x{1001}', 'u')).toThrow(UnsupportedPatternError);
    expect(() => checkLinearPattern('(?<a>\\d+', 'u')).toThrow(SyntaxError);
  });
});
