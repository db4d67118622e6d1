/** What dist/ is built from (relative to the repository root). */
export const BUILD_INPUTS: readonly string[];
/** Why dist/ under `root` is stale, or undefined when it is up to date. */
export function staleBuildReason(root: string): string | undefined;
