import { argHint } from './wording.js';
import { defineRule } from './define.js';

/** hint: from discovery (`sign in with: mcpns auth login <server>`, or about client credentials / a header). */
export type ServerAuthRequiredArgs = { errorMessage: string; hint: string; comparedTools?: false };

export const serverAuthRequired = defineRule<ServerAuthRequiredArgs>()({
  code: 'SERVER_AUTH_REQUIRED',
  severity: 'error',
  lifecycle: 'stable',
  family: 'discovery',
  reportedBy: ['check-conflicts', 'lint', 'check', 'diff'],
  title: 'A configured server needs a sign-in (OAuth) that mcpns does not have',
  message: (f) => `server "${f.server}" needs authorization: ${f.args?.errorMessage ?? 'the server requires a sign-in'}`,
  hint: (f) => argHint(f) ?? `sign in with: mcpns auth login ${f.server}`,
  doc: {
    why: `the server answered, but wants an OAuth sign-in (or refused the token, or asks for more scope) that mcpns does
not have, so its tools were not checked. Everyday commands never open a browser; the hint says what to do
(\`mcpns auth login <server>\`, or check the client credentials / the configured \`Authorization\` header). The other
servers are still checked. See docs/auth.md.`,
    failing: `a hosted server that answers 401 before \`mcpns auth login\` (or after \`mcpns auth logout\`, or once its
refresh token was revoked).`,
    passing: `the same server after \`mcpns auth login\`, or with \`"oauth": { "grantType": "client_credentials", … }\` in CI.`,
  },
});
