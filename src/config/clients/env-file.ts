import { readRegularFile, UnreadableFileError } from '../../util/read-file.js';

/** An env file is a few lines; anything bigger (or a device, a FIFO) is not one. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/**
 * Minimal dotenv reader for VS Code/Cursor `envFile`: KEY=VALUE lines, `#` comments, optional quotes.
 * Returns the variables, or why the file cannot be used ("does not exist", "is not a regular file"…).
 */
export function readEnvFile(path: string): { env: Record<string, string> } | { problem: string } {
  let text: string;
  try {
    text = readRegularFile(path, MAX_ENV_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    return { problem: error.reason === 'not-found' ? 'does not exist' : error.message.slice(path.length + 1) };
  }
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return { env: { ...env } };
}
