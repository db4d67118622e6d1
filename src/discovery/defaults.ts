/** Discovery defaults, kept apart from the discovery engine so option parsing does not load the MCP SDK. */

/** Deadline per server (spawn, initialize and every tools/list page), in ms. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Servers discovered at once. */
export const DEFAULT_CONCURRENCY = 8;

/** Cap on one response from a server (an HTTP body or SSE stream, a stdout line), in bytes. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * Deadline per server started through a package runner (npx, uvx…), which may install first; --timeout still wins.
 * Longer than npx's 60 s wait for a lock an interrupted install left behind (it takes the lock over only then), with
 * room for the install after it.
 */
export const PACKAGE_RUNNER_TIMEOUT_MS = 120_000;
