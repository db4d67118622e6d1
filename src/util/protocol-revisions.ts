/**
 * The MCP protocol revisions mcpns speaks, newest first, as plain data (no SDK load): the 2026-07-28 revision is
 * stateless (`server/discover`, per-request `_meta`); the others use the `initialize` handshake. A unit test keeps
 * the list in step with the SDK's.
 */
export const MODERN_REVISIONS: readonly string[] = ['2026-07-28'];

/** The `initialize` revisions (the SDK's SUPPORTED_PROTOCOL_VERSIONS). */
export const LEGACY_REVISIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

export const SPOKEN_REVISIONS: readonly string[] = [...MODERN_REVISIONS, ...LEGACY_REVISIONS];

/** The newest revision both sides speak, from the server's `supported` list (undefined: none). */
export function mutualModernRevision(supported: readonly string[] | undefined): string | undefined {
  return MODERN_REVISIONS.find((revision) => supported?.includes(revision));
}
