/**
 * The one way tests make temporary folders: every folder is removed when the test file finishes, and all of them
 * live under the run's own root (TMPDIR, set by test/setup/global.ts), which is removed when the run ends, so a
 * crashed test leaves nothing behind either.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];
let registered = false;

/** A fresh empty folder, removed after the current test file. */
export function makeTempDir(prefix = 'mcpns-test-'): string {
  if (!registered) {
    registered = true;
    afterAll(() => {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    });
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
