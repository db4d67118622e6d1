/** Temporary mcpns configs pointing at the fixtures with absolute paths. */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from './fixtures.js';
import { makeTempDir } from './temp.js';

export interface TempConfig {
  dir: string;
  file: string;
  cleanup(): void;
}

/** Server entry running a fixture with the current node binary. */
export function fixtureEntry(fixture: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [fixturePath(fixture)], ...extra };
}

/**
 * Write a config into a fresh temp dir. `name` defaults to `mcpns.config.json` (found by lookup from the dir);
 * use e.g. `test.mcpns.json` and pass it with --config. `content` may be a raw string (for syntax errors).
 */
export function writeTempConfig(content: Record<string, unknown> | string, name = 'mcpns.config.json'): TempConfig {
  const dir = makeTempDir('mcpns-test-');
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
  return { dir, file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A temp file path for PID or call logs (in its own temp dir). */
export function tempFile(name: string): TempConfig {
  const dir = makeTempDir('mcpns-test-');
  return { dir, file: join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
