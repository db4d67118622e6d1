/**
 * A file shipped with the package (schema/…), by its path from the package root. Resolved from this module, which
 * sits two levels below the root wherever it runs: src/util/, dist/util/, or a chunk of dist/cli-bundle/.
 */
export function packageFileUrl(path: string): URL {
  return new URL(`../../${path}`, import.meta.url);
}
