/**
 * The one way tests make temporary folders: every folder is removed when the test file finishes (test/setup/each-file.ts
 * calls removeTempDirs after each file), and all of them
 * live under the run's own root (TMPDIR, set by test/setup/global.ts), which is removed when the run ends, so a
 * crashed test leaves nothing behind either.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh empty folder, removed after the current test file. */
export function makeTempDir(prefix = 'mcpns-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Remove every folder made so far (after each test file). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
