import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captureConsole } from '../../helpers/console.js';
import { emitReport } from '../../../src/cli/services/report-output.js';

const SECRET = 'sk-report-0c1d7e2f9a';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runtime() {
  const { console, io, stdout } = captureConsole({ quiet: true });
  console.secrets.register(SECRET);
  return { runtime: { io, console }, stdout };
}

describe('a report written to a file', () => {
  it('is scrubbed of the run secrets as stdout is, for a string and for parts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpns-report-'));
    dirs.push(dir);
    const { runtime: run, stdout } = runtime();
    const text = `{"message": "token ${SECRET} leaked"}\n`;
    await emitReport(run, undefined, 'json', () => text);
    // Parts that cut the secret in two: it must still be found.
    await emitReport(run, { path: join(dir, 'parts.json'), shown: 'parts.json' }, 'json', () => [text.slice(0, 20), text.slice(20)]);
    await emitReport(run, { path: join(dir, 'whole.json'), shown: 'whole.json' }, 'json', () => text);
    expect(stdout()).not.toContain(SECRET);
    for (const name of ['parts.json', 'whole.json']) {
      const written = readFileSync(join(dir, name), 'utf8');
      expect(written).not.toContain(SECRET);
      expect(written).toBe(stdout());
    }
    expect(readdirSync(dir).sort()).toEqual(['parts.json', 'whole.json']);
  });
});
