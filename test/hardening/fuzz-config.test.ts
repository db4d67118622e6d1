/**
 * Fuzzing the config readers: every real config fixture (each client's dialect: JSON, JSONC, TOML, YAML) and
 * mcpns.config.json, mutated at random, either loads or fails with an McpnsError naming the problem — never
 * another exception, never a hang (each run has a deadline in a worker thread; see support/guard.ts; each property
 * has a time budget, support/fuzz.ts).
 * Loaded configs also go through what `mcpns servers` does next (secret collection, summaries).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from '../helpers/fast-check.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { GuardedParser, type Outcome } from './support/guard.js';
import { applyMutations, mutations } from './support/mutate.js';
import { assertFuzz, FUZZ_TEST_TIMEOUT_MS } from './support/fuzz.js';

vi.setConfig({ testTimeout: FUZZ_TEST_TIMEOUT_MS });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Repository-relative paths: the temp copy keeps the path, so client detection by name and folder still works. */
const FIXTURES = [...filesUnder(join(REPO_ROOT, 'fixtures', 'configs')), join(REPO_ROOT, 'mcpns.config.json')]
  .map((file) => ({ path: relative(REPO_ROOT, file), text: readFileSync(file, 'utf8') }))
  .sort((a, b) => (a.path < b.path ? -1 : 1));

const ENVS = [{}, { HOME: '/home/fuzz', API_TOKEN: 'token-value', VAR: 'v', GITHUB_TOKEN: 'x'.repeat(40) }];

/** Only config problems may come out of loading a config (plus USAGE for an unknown --client-style value). */
const CONFIG_CODES = ['CONFIG_PARSE', 'CONFIG_INVALID', 'CONFIG_NOT_FOUND', 'USAGE'];

const guard = new GuardedParser();
afterAll(() => guard.close());

function describeFailure(outcome: Outcome, path: string, text: string): string {
  return `${outcome.outcome} on ${path}: ${outcome.message}\n${outcome.stack ?? ''}\n--- input ---\n${JSON.stringify(text).slice(0, 3000)}`;
}

describe('fuzz: config readers on mutated real configs', () => {
  it('the unmutated fixtures load or fail cleanly', async () => {
    for (const { path, text } of FIXTURES) {
      const outcome = await guard.run('config', { path, text, env: ENVS[1] });
      expect(['ok', 'mcpns-error'], describeFailure(outcome, path, text)).toContain(outcome.outcome);
    }
  });

  it('mutated configs parse or raise a config error, never crash or hang', async () => {
    const codes = new Map<string, number>();
    await assertFuzz(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), mutations, fc.constantFrom(...ENVS), async (fixture, list, env) => {
        const text = applyMutations(fixture.text, fixture.path, list);
        const outcome = await guard.run('config', { path: fixture.path, text, env });
        if (outcome.outcome !== 'ok' && outcome.outcome !== 'mcpns-error') throw new Error(describeFailure(outcome, fixture.path, text));
        if (outcome.outcome === 'mcpns-error') {
          codes.set(outcome.code!, (codes.get(outcome.code!) ?? 0) + 1);
          if (!CONFIG_CODES.includes(outcome.code!)) throw new Error(`unexpected error code ${outcome.code}: ${describeFailure(outcome, fixture.path, text)}`);
        }
      }),
      300,
    );
    // The mutations do reach the error paths (a fuzzer that never breaks anything proves nothing).
    expect([...codes.keys()].some((code) => code.startsWith('CONFIG_'))).toBe(true);
  });

  // Found by this fuzzer (at a low rate, so pinned here): YAML aliases the yaml package only rejects in toJS().
  it.each([
    ['an alias without its anchor', 'extensions:\n  x:\n    type: stdio\n    cmd: *x\n', 'mcpns-error'],
    ['an ambiguous alias in a flow sequence', 'extensions:\n  x:\n    cmd: node\n    args: [*x:]\n', 'mcpns-error'],
    // Loads: the entry is skipped with a diagnostic (args is not an array of strings).
    ['a self-referencing alias', 'extensions:\n  x:\n    type: stdio\n    cmd: node\n    args: &a [*a]\n    envs: &e {a: *e}\n', 'ok'],
    [
      'an alias bomb',
      `a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`).join('\n')}\nextensions: {}\n`,
      'mcpns-error',
    ],
  ])('YAML with %s: %s', async (_label, text, expected) => {
    const outcome = await guard.run('config', { path: 'goose/config.yaml', text, env: {} });
    expect(outcome.outcome, describeFailure(outcome, 'goose/config.yaml', text)).toBe(expected);
    if (expected === 'mcpns-error') expect(CONFIG_CODES).toContain(outcome.code);
  });

  // JSON files dominate the fixtures; the YAML and TOML readers get a property of their own.
  const OTHER_DIALECTS = FIXTURES.filter((fixture) => /\.(ya?ml|toml)$/.test(fixture.path));
  it('mutated YAML and TOML configs parse or raise a config error', async () => {
    expect(OTHER_DIALECTS.length).toBeGreaterThanOrEqual(4);
    await assertFuzz(
      fc.asyncProperty(fc.constantFrom(...OTHER_DIALECTS), mutations, async (fixture, list) => {
        const text = applyMutations(fixture.text, fixture.path, list);
        const outcome = await guard.run('config', { path: fixture.path, text, env: ENVS[1] });
        if (outcome.outcome !== 'ok' && outcome.outcome !== 'mcpns-error') throw new Error(describeFailure(outcome, fixture.path, text));
      }),
      200,
    );
  });
});
