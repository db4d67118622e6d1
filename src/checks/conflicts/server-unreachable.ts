import { defineCheck, makeFinding, type Finding } from '../types.js';

/**
 * SERVER_UNREACHABLE: a configured server failed discovery, so none of its tools were checked. The
 * other servers are still checked; `--fail-fast` turns this into exit 2 instead. Every checking command
 * reports it (the runner adds this check to any family). A server that answered but wants a sign-in
 * (AUTH_REQUIRED) is SERVER_AUTH_REQUIRED instead: it is reachable, and the fix is `mcpns auth login`.
 */
export const serverUnreachable = defineCheck({
  codes: ['SERVER_UNREACHABLE', 'SERVER_AUTH_REQUIRED'],
  family: 'conflicts',
  run(context) {
    const findings: Finding[] = [];
    for (const server of context.catalog.servers) {
      if (server.status !== 'error') continue;
      if (server.error?.code === 'AUTH_REQUIRED') {
        findings.push(serverAuthRequired(server.name, server.error));
        continue;
      }
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

/** SERVER_AUTH_REQUIRED for a server whose discovery stopped at AUTH_REQUIRED (check and diff alike). */
export function serverAuthRequired(server: string, error: { message: string; hint?: string | undefined }, extra: { comparedTools?: false } = {}): Finding {
  return makeFinding('SERVER_AUTH_REQUIRED', {
    severity: 'error',
    name: server,
    server,
    args: { errorMessage: error.message, hint: error.hint ?? `sign in with: mcpns auth login ${server}`, ...extra },
  });
}
