import { existsSync, readFileSync } from 'node:fs';

/** Minimal dotenv reader for VS Code/Cursor `envFile`: KEY=VALUE lines, `#` comments, optional quotes. */
export function readEnvFile(path: string): Record<string, string> | undefined {
  if (!existsSync(path)) return undefined;
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return env;
}
