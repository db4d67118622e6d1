import { dirname, isAbsolute, relative, sep } from 'node:path';
import { presetForClient } from './client-presets.js';
import type { ClientId } from './model.js';

export interface InitialConfig {
  $schema: string;
  include?: string[];
  servers?: Record<string, never>;
  naming: { targets: string[] };
}

/**
 * The mcpns.config.json `mcpns init` writes for the client files it detected: it `include`s them (so their servers,
 * secrets included, stay where they are and are read as their client reads them: nothing is copied), checks names
 * under the presets of those clients, and points `$schema` at the shipped JSON Schema.
 */
export function initialConfig(target: string, detected: ReadonlyArray<{ file: string; client: ClientId }>, schemaFile: string): InitialConfig {
  const base = dirname(target);
  const relativeTo = (file: string): string => {
    const rel = relative(base, file);
    return (rel && !isAbsolute(rel) ? rel : file).split(sep).join('/');
  };
  const schemaRel = relative(base, schemaFile);
  const targets = ['slash', ...detected.map(({ client }) => presetForClient(client)).filter((id): id is string => id !== undefined)];
  return {
    $schema: (schemaRel.startsWith('..') || isAbsolute(schemaRel) ? schemaFile : `./${schemaRel}`).split(sep).join('/'),
    ...(detected.length ? { include: detected.map(({ file }) => relativeTo(file)) } : { servers: {} }),
    naming: { targets: [...new Set(targets)] },
  };
}
