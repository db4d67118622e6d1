import { statSync } from 'node:fs';
import { join } from 'node:path';
import { projectFolders } from '../locate.js';
import type { ClientId } from '../model.js';

/** Project-level files each client reads from a project folder, in the order they are reported. */
export const PROJECT_FILES: ReadonlyArray<{ path: string; client: ClientId }> = [
  { path: '.mcp.json', client: 'claude-code' },
  { path: join('.vscode', 'mcp.json'), client: 'vscode' },
  { path: join('.cursor', 'mcp.json'), client: 'cursor' },
  { path: join('.gemini', 'settings.json'), client: 'gemini-cli' },
  { path: 'opencode.json', client: 'opencode' },
  { path: 'opencode.jsonc', client: 'opencode' },
  { path: join('.codex', 'config.toml'), client: 'codex' },
  { path: join('.zed', 'settings.json'), client: 'zed' },
];

export interface ProjectFiles {
  /** Files found, nearest folder first; one per client (the nearest wins, as a project nested in another). */
  found: Array<{ file: string; client: ClientId }>;
  /** Every path looked at, for the "nothing found" error. */
  searched: string[];
}

/** The project-level client configs of `cwd`: in its project folders (see projectFolders), nearest first. */
export function findProjectFiles(cwd: string, home: string): ProjectFiles {
  const found: ProjectFiles['found'] = [];
  const searched: string[] = [];
  const clients = new Set<ClientId>();
  for (const directory of projectFolders(cwd, home)) {
    for (const candidate of PROJECT_FILES) {
      const file = join(directory, candidate.path);
      searched.push(file);
      if (clients.has(candidate.client) || !isFile(file)) continue;
      clients.add(candidate.client);
      found.push({ file, client: candidate.client });
    }
  }
  return { found, searched };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
