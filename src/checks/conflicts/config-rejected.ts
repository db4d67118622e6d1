import type { Diagnostic } from '../../config/model.js';
import { defineCheck, type Finding } from '../types.js';

/**
 * CONFIG_REJECTED: the client that owns a config file would refuse it (strict JSON with a comment or a trailing
 * comma, a root that is not an object) or one of its entries (a URL without type in Claude Code, a field of the
 * wrong type…). The servers involved are not part of that client's catalog; the finding points at the file and
 * line so CI fails with an annotation. Every checking command reports it (the runner adds this check to any family).
 */
export const configRejected = defineCheck({
  codes: ['CONFIG_REJECTED'],
  family: 'conflicts',
  run(context) {
    const diagnostics: Diagnostic[] = [...context.config.diagnostics, ...context.config.servers.flatMap((server) => server.diagnostics)];
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const diagnostic of diagnostics) {
      if (!diagnostic.rejects || !diagnostic.file) continue;
      const key = `${diagnostic.file}\u0000${diagnostic.pointer ?? ''}\u0000${diagnostic.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const server =
        diagnostic.rejects === 'entry'
          ? /^\/[^/]+\/([^/]+)$/
              .exec(diagnostic.pointer ?? '')?.[1]
              ?.replace(/~1/g, '/')
              .replace(/~0/g, '~')
          : undefined;
      findings.push({
        code: 'CONFIG_REJECTED',
        severity: 'error',
        name: diagnostic.file,
        ...(server !== undefined ? { server } : {}),
        location: {
          file: diagnostic.file,
          ...(diagnostic.line !== undefined ? { line: diagnostic.line } : {}),
          ...(diagnostic.column !== undefined ? { column: diagnostic.column } : {}),
        },
        args: {
          file: diagnostic.file,
          what: diagnostic.rejects,
          detail: diagnostic.message,
          diagnostic: diagnostic.code,
          ...(diagnostic.client ? { client: diagnostic.client } : {}),
        },
      });
    }
    return findings;
  },
});
