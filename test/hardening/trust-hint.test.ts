/**
 * The CONFIRMATION_REQUIRED hint names a place where the person can really write `call.trust`: the mcpns config the
 * run read, or — when only another client's file was read (.mcp.json), which has no such setting — a mcpns config
 * that includes it. Each case follows the hint as written and checks that the call then goes through without --yes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';
import { removeTempDirs } from '../helpers/temp.js';

afterAll(() => removeTempDirs());

const calculator = { command: process.execPath, args: [fixturePath('calculator')] };
const call = ['call', 'calculator/add', 'a=2', 'b=3', '--execute'];

/** The hint line of a CONFIRMATION_REQUIRED refusal (exit 2, nothing sent). */
async function refusalHint(args: string[], cwd: string): Promise<string> {
  const result = await runCli([...call, ...args], { cwd });
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain('CONFIRMATION_REQUIRED');
  expect(result.stdout).toBe('');
  const hint = /^ {2}hint: (.*)$/m.exec(result.stderr)?.[1];
  expect(hint, result.stderr).toBeDefined();
  return hint as string;
}

async function expectSent(args: string[], cwd: string): Promise<void> {
  const result = await runCli([...call, ...args], { cwd });
  expect(result.stderr).not.toContain('CONFIRMATION_REQUIRED');
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('result of calculator/add:');
}

describe('the CONFIRMATION_REQUIRED hint names where trust can be written', () => {
  it('a mcpns config of another name: that file', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'team.mcpns.json'), JSON.stringify({ servers: { calculator } }));
    const hint = await refusalHint(['--config', 'team.mcpns.json'], dir);
    expect(hint).toBe('pass --yes to send it without a prompt, or trust it in team.mcpns.json: "call": {"trust": ["calculator/add"]}');
    writeFileSync(join(dir, 'team.mcpns.json'), JSON.stringify({ servers: { calculator }, call: { trust: ['calculator/add'] } }));
    await expectSent(['--config', 'team.mcpns.json'], dir);
  });

  it('a project with only .mcp.json (read without options): not "mcpns.config.json" as if it existed, but mcpns init and the entry', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { calculator } }));
    const hint = await refusalHint([], dir);
    expect(hint).toBe(
      'pass --yes to send it without a prompt, or trust it in a mcpns.config.json (.mcp.json cannot say it): `mcpns init` writes one that includes .mcp.json, then add "call": {"trust": ["calculator/add"]} to it',
    );
    // Follow it.
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'mcpns.config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ ...written, call: { trust: ['calculator/add'] } }));
    await expectSent([], dir);
  });

  it('a client file named with --config: a mcpns config that includes it, read with --config', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { calculator } }));
    const hint = await refusalHint(['--config', '.mcp.json'], dir);
    const entry = /\{"include": .*\}$/.exec(hint)?.[0];
    expect(hint).toContain('trust it in a mcpns config file that includes .mcp.json (which cannot say it), and read that file with --config');
    expect(hint).not.toContain('mcpns.config.json');
    expect(entry).toBe('{"include": [".mcp.json"], "call": {"trust": ["calculator/add"]}}');
    writeFileSync(join(dir, 'trust.mcpns.json'), entry as string);
    await expectSent(['--config', 'trust.mcpns.json'], dir);
  });

  it('a mcpns config of any name (other.json): that file, and the trust written there is read', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ servers: { calculator }, naming: { style: 'slash' } }));
    const hint = await refusalHint(['-c', 'other.json'], dir);
    expect(hint).toBe('pass --yes to send it without a prompt, or trust it in other.json: "call": {"trust": ["calculator/add"]}');
    // Following it: "call" is a key only mcpns's format has, so the file stays a mcpns config (not a VS Code mcp.json).
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ servers: { calculator }, call: { trust: ['calculator/add'] } }));
    await expectSent(['-c', 'other.json'], dir);
  });
});
