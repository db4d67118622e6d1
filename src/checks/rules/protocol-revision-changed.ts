import { defineRule } from './define.js';

/** before/after: the protocol revisions the server spoke; direction says which is newer. */
export type ProtocolRevisionChangedArgs = { before: string; after: string; direction: 'upgrade' | 'downgrade' };

export const protocolRevisionChanged = defineRule<ProtocolRevisionChangedArgs>()({
  code: 'PROTOCOL_REVISION_CHANGED',
  severity: 'info',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: 'A server speaks another protocol revision',
  message: (f) =>
    `server "${f.server}" ${f.args?.direction === 'downgrade' ? 'went back' : 'moved'} from MCP ${f.args?.before ?? '?'} to ${f.args?.after ?? '?'}`,
  hint: (f) =>
    f.args?.direction === 'downgrade'
      ? 'an older revision lacks what clients may rely on (e.g. 2026-07-28 multi-round-trip input); check which server version is installed'
      : undefined,
  doc: {
    why: `snapshots record the MCP revision each server negotiated. A server that moves to another revision behaves
differently on the wire (2026-07-28 has no \`initialize\` and no sessions, asks for input with multi-round-trip results,
and allows any JSON Schema as \`outputSchema\`), so \`diff\` says so. A move to a newer revision is info; a move back to
an older one is a **warning** (the installed server is older than the one the lock file was made with). A snapshot
made before revisions were recorded compares as unknown, not as a change.`,
    failing: `the lock file has \`"protocolVersion": "2025-11-25"\` for \`calculator\`, the live server speaks
\`2026-07-28\`.`,
    passing: `the same revision on both sides.`,
  },
});
