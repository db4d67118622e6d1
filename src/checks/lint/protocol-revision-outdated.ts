import { CODES } from '../codes.js';
import { defineCheck, type Finding } from '../types.js';
import { hiddenServers } from './shared.js';
import { LEGACY_REVISIONS } from '../../util/protocol-revisions.js';

/** Revisions are dates: one before this is from 2024 (2024-11-05, 2024-10-07). */
const OUTDATED_BEFORE = '2025-01-01';

/**
 * PROTOCOL_REVISION_OUTDATED — a server that negotiated a 2024 revision of MCP (the catalog records what each server
 * spoke): it predates tool annotations, structured output and elicitation, which clients now rely on.
 */
export default defineCheck({
  codes: ['PROTOCOL_REVISION_OUTDATED'],
  family: 'lint',
  run({ catalog }) {
    const hidden = hiddenServers(catalog);
    const findings: Finding[] = [];
    for (const server of catalog.servers) {
      const revision = server.protocolVersion;
      if (server.status !== 'ok' || hidden.has(server.name) || revision === undefined || revision >= OUTDATED_BEFORE) continue;
      findings.push({
        code: 'PROTOCOL_REVISION_OUTDATED',
        severity: CODES.PROTOCOL_REVISION_OUTDATED.severity,
        server: server.name,
        name: server.name,
        args: { revision, current: LEGACY_REVISIONS[0]! },
      });
    }
    return findings;
  },
});
