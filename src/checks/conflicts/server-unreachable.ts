import { defineCheck, type Finding } from '../types.js';

/**
 * SERVER_UNREACHABLE: a configured server failed discovery, so none of its tools were checked. The
 * other servers are still checked; `--fail-fast` turns this into exit 2 instead. Every checking command
 * reports it (the runner adds this check to any family).
 */
export const serverUnreachable = defineCheck({
  codes: ['SERVER_UNREACHABLE'],
  family: 'conflicts',
  run(context) {
    const findings: Finding[] = [];
    for (const server of context.catalog.servers) {
      if (server.status !== 'error') continue;
      findings.push({
        code: 'SERVER_UNREACHABLE',
        severity: 'error',
        name: server.name,
        server: server.name,
        args: {
          errorCode: server.error?.code ?? 'ERROR',
          errorMessage: server.error?.message ?? 'unknown error',
          hint: `run \`mcpns list --server ${server.name} --verbose\` to see its stderr, or disable it ("enabled": false) until it works`,
        },
      });
    }
    return findings;
  },
});
