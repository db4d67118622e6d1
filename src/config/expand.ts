import type { Diagnostic } from './model.js';

/**
 * `${VAR}` and `${VAR:-default}` expansion (mcpns's own dialect, also Claude Code's).
 * A missing variable without default is kept literally and reported, never silently emptied.
 */
export function expandPosixDefault(
  raw: string,
  env: Record<string, string | undefined>,
  where: { file: string; pointer: string },
  diagnostics: Diagnostic[],
): string {
  return raw.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (literal, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    if (value === '') return value;
    diagnostics.push({
      level: 'warning',
      code: 'UNRESOLVED_VARIABLE',
      message: `variable ${name} is not set; the placeholder is kept literally`,
      file: where.file,
      pointer: where.pointer,
    });
    return literal;
  });
}
