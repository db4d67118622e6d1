import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the bench's generator is plain JavaScript
import { generateCatalog } from '../../bench/gen-catalog.js';
import { runBin } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

/**
 * `check --format json -o file` writes the report in parts, as stdout does (a million-tool report is never one
 * string): the file holds exactly the bytes stdout prints, and so does a `--report json=` file of the same run.
 */
describe('check --format json -o (built bin)', () => {
  it('writes the same bytes to the file as to stdout, and leaves no temporary file', async () => {
    const dir = makeTempDir();
    // 2 000 tools: a report of several parts (jsonParts cuts about every 64 KiB), with long member lists.
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify(generateCatalog(2000)));
    const args = ['check', '--catalog', 'catalog.json', '--format', 'json', '--fail-on', 'never'];

    const toStdout = await runBin(args, { cwd: dir });
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout.length).toBeGreaterThan(4 * 64 * 1024);
    expect((JSON.parse(toStdout.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);

    const toFile = await runBin([...args, '-o', 'out.json', '--report', 'json=extra.json'], { cwd: dir });
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(toFile.stderr).toContain('wrote json report to out.json');
    expect(readFileSync(join(dir, 'out.json'))).toEqual(Buffer.from(toStdout.stdout, 'utf8'));
    expect(readFileSync(join(dir, 'extra.json'))).toEqual(Buffer.from(toStdout.stdout, 'utf8'));
    expect(readdirSync(dir).sort()).toEqual(['catalog.json', 'extra.json', 'out.json']);
  });
});
