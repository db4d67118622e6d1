import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

interface ReportFinding {
  code: string;
  severity: string;
  name?: string;
  args?: Record<string, unknown>;
}

let dir: string;
const baseLock = (): string => join(dir, 'base.lock.json');

/** A config with one server "weather" running the drift fixture in a variant. */
function variantConfig(variant: string): string {
  const file = join(dir, `mcpns.${variant}.json`);
  writeFileSync(file, JSON.stringify({ servers: { weather: { command: process.execPath, args: [fixturePath('drift')], env: { DRIFT_VARIANT: variant } } } }));
  return file;
}
const findings = (stdout: string): string[] =>
  (JSON.parse(stdout) as { findings: ReportFinding[] }).findings.map((finding) => `${finding.code} ${finding.severity} ${finding.name}`);

beforeAll(async () => {
  dir = makeTempDir('mcpns-diff-');
  const result = await runCli(['snapshot', '-c', variantConfig('base'), '-o', baseLock()], { cwd: dir });
  if (result.code !== 0) throw new Error(`base snapshot failed: ${result.stderr}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mcpns diff <lock> against live drift variants', () => {
  const cases: [variant: string, expected: string[], exitCode: number][] = [
    ['base', [], 0],
    ['tool-removed', ['TOOL_REMOVED error weather/legacy_lookup'], 1],
    ['required-added', ['SCHEMA_BREAKING error weather/forecast'], 1],
    ['description-changed', ['DESCRIPTION_CHANGED warning weather/alerts'], 0],
    ['annotation-escalated', ['ANNOTATIONS_CHANGED error weather/alerts'], 1],
    ['property-added-optional', ['SCHEMA_COMPATIBLE info weather/forecast'], 0],
  ];
  it.each(cases)('%s', async (variant, expected, exitCode) => {
    const result = await runCli(['diff', baseLock(), '-c', variantConfig(variant), '--format', 'json'], { cwd: dir });
    expect(findings(result.stdout)).toEqual(expected);
    expect(result.code, result.stderr).toBe(exitCode);
  });

  it('text output shows the word diff of a rewritten description; --fail-on warning fails on it', async () => {
    const result = await runCli(['diff', baseLock(), '-c', variantConfig('description-changed'), '--fail-on', 'warning'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('DESCRIPTION_CHANGED description of "weather/alerts" changed: … for a region. +Before using any other tool');
  });

  it('the escalation is named in the message', async () => {
    const result = await runCli(['diff', baseLock(), '-c', variantConfig('annotation-escalated'), '--json'], { cwd: dir });
    const [finding] = (JSON.parse(result.stdout) as { findings: (ReportFinding & { message: string })[] }).findings;
    expect(finding?.args?.['escalation']).toEqual(['readOnlyHint true → false', 'destructiveHint false → true']);
    expect(finding?.message).toContain('escalated: readOnlyHint true → false, destructiveHint false → true');
  });

  it('a server that cannot start now is SERVER_UNREACHABLE, not a list of removed tools', async () => {
    const file = join(dir, 'mcpns.gone.json');
    writeFileSync(file, JSON.stringify({ servers: { weather: { command: 'mcpns-no-such-command-xyz' } } }));
    const result = await runCli(['diff', baseLock(), '-c', file, '--format', 'json'], { cwd: dir });
    expect(findings(result.stdout)).toEqual(['SERVER_UNREACHABLE error weather']);
    expect(result.code).toBe(1);
  });
});

describe('mcpns diff <old> <new> (two files, no server started)', () => {
  it('compares two snapshots; one from a different config is a diff, not a crash', async () => {
    const other = join(dir, 'other.lock.json');
    const config = join(dir, 'mcpns.other.json');
    writeFileSync(
      config,
      JSON.stringify({ servers: { forecasts: { command: process.execPath, args: [fixturePath('drift')], env: { DRIFT_VARIANT: 'enum-shrunk' } } } }),
    );
    expect((await runCli(['snapshot', '-c', config, '-o', other], { cwd: dir })).code).toBe(0);

    const result = await runCli(['diff', baseLock(), other, '--format', 'json'], { cwd: dir, env: { PATH: '' } });
    expect(findings(result.stdout)).toEqual(['SERVER_ADDED info forecasts', 'SERVER_REMOVED error weather']);
    expect(result.code).toBe(1);
    expect((await runCli(['diff', baseLock(), other, '--fail-on', 'never'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['diff', baseLock(), baseLock()], { cwd: dir })).stdout).toContain('no findings');
  });

  it('config rules apply to drift codes too', async () => {
    const lock = join(dir, 'removed.lock.json');
    expect((await runCli(['snapshot', '-c', variantConfig('tool-removed'), '-o', lock], { cwd: dir })).code).toBe(0);
    const config = join(dir, 'mcpns.rules.json');
    writeFileSync(config, JSON.stringify({ servers: {}, rules: { TOOL_REMOVED: 'warn' } }));
    const result = await runCli(['diff', baseLock(), lock, '-c', config, '--format', 'json'], { cwd: dir });
    expect(findings(result.stdout)).toEqual(['TOOL_REMOVED warning weather/legacy_lookup']);
    expect(result.code).toBe(0);
  });

  it('every format renders drift findings', async () => {
    const lock = join(dir, 'removed.lock.json');
    for (const format of ['markdown', 'github', 'sarif', 'junit']) {
      const result = await runCli(['diff', baseLock(), lock, '--format', format], { cwd: dir });
      expect(result.code, format).toBe(1);
      expect(result.stdout, format).toContain('TOOL_REMOVED');
    }
  });
});
