import type { ClientId } from '../model.js';
import { claudeCode } from './claude-code.js';
import { claudeDesktop } from './claude-desktop.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { continueDev } from './continue.js';
import { cursor } from './cursor.js';
import { geminiCli } from './gemini-cli.js';
import { generic } from './generic.js';
import { goose } from './goose.js';
import { opencode } from './opencode.js';
import type { ClientReader } from './types.js';
import { vscode } from './vscode.js';
import { windsurf } from './windsurf.js';
import { zed } from './zed.js';

/** Every client `--client <id>` and `--scan` know, in scan order. */
export const CLIENT_READERS = [claudeCode, claudeDesktop, vscode, cursor, windsurf, codex, geminiCli, opencode, zed, cline, continueDev, goose] as const;

/** Valid `--client` ids. */
export const CLIENT_IDS: readonly ClientId[] = CLIENT_READERS.map((reader) => reader.id);

const BY_ID = new Map<ClientId, ClientReader>([...CLIENT_READERS, generic].map((reader) => [reader.id, reader]));

export function readerFor(id: ClientId): ClientReader | undefined {
  return BY_ID.get(id);
}
