import { dirname, isAbsolute, relative, sep } from 'node:path';
import { defaultTargets } from './client-presets.js';
import type { ClientId } from './model.js';

export interface InitialConfig {
  $schema?: string;
  include?: string[];
  servers?: Record<string, never>;
  naming: { targets: string[] };
}

/** Where the JSON Schema sits in a project that has mcpns installed (relative to the project). */
export const INSTALLED_SCHEMA = 'node_modules/mcpns/schema/mcpns.config.schema.json';

/**
 * The mcpns.config.json `mcpns init` writes for the client files it detected: it `include`s them (so their servers,
 * secrets included, stay where they are and are read as their client reads them: nothing is copied), checks names
 * under the presets of those clients, and points `$schema` at the shipped JSON Schema — by a path relative to the
 * file, because the file is meant to be committed: the schema of the running mcpns when it lies inside the project
 * (this repository, or mcpns in node_modules), else the project's installed copy (`installedSchema`, when it exists).
 * mcpns run from a checkout or a global install elsewhere would give an absolute path that is true only on this
 * machine: then `$schema` is left out and `schemaNote` says why.
 */
export function initialConfig(
  target: string,
  detected: ReadonlyArray<{ file: string; client: ClientId }>,
  schemaFile: string,
  installedSchema?: string,
): { config: InitialConfig; schemaNote?: string } {
  const base = dirname(target);
  const inside = (file: string): string | undefined => {
    const rel = relative(base, file);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : undefined;
  };
  const relativeTo = (file: string): string => inside(file) ?? (relative(base, file) || file).split(sep).join('/');
  const schema = inside(schemaFile) ?? (installedSchema ? inside(installedSchema) : undefined);
  const targets = defaultTargets(detected.map(({ client }) => ({ source: { client } })));
  const config: InitialConfig = {
    ...(schema ? { $schema: `./${schema}` } : {}),
    ...(detected.length ? { include: detected.map(({ file }) => relativeTo(file)) } : { servers: {} }),
    naming: { targets },
  };
  return schema
    ? { config }
    : {
        config,
        schemaNote: `$schema left out: this mcpns runs from outside the project, and a path to it would hold only on this machine; once mcpns is installed in the project, add "$schema": "./${INSTALLED_SCHEMA}"`,
      };
}
