import type { RenderedName } from '../../naming/index.js';
import { defineCheck, type Finding } from '../types.js';
import { perTarget } from './rendering.js';

/**
 * NAME_REFUSED: the product behind a preset refuses a server or tool name outright (a config validator, a database
 * constraint, an exception while listing), so those tools never exist there, and with `scope: config` nothing does.
 * One finding per target and refused server (or refused tool); the rule and reach come from the preset's data.
 */
export const nameRefused = defineCheck({
  codes: ['NAME_REFUSED'],
  family: 'conflicts',
  run(context) {
    return perTarget(context, ({ id, rendering }) => {
      const findings = new Map<string, Finding>();
      // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
      for (let at = 0; at < rendering.names.length; at++) {
        const rendered = rendering.names[at]!;
        const refusal = rendered.refused;
        if (!refusal) continue;
        const key = refusal.subject === 'server' ? `s\u0000${rendered.server}` : `t\u0000${rendered.server}\u0000${rendered.tool}`;
        if (!findings.has(key)) findings.set(key, refusedFinding(id, rendered));
      }
      return [...findings.values()];
    });
  },
});

function refusedFinding(target: string, rendered: RenderedName): Finding {
  const refusal = rendered.refused!;
  const onServer = refusal.subject === 'server';
  return {
    code: 'NAME_REFUSED',
    severity: 'error',
    target,
    name: onServer ? rendered.server : rendered.tool,
    server: rendered.server,
    ...(onServer ? {} : { tool: rendered.tool }),
    args: {
      subject: refusal.subject,
      rule: refusal.rule,
      ...(refusal.scope ? { scope: refusal.scope } : {}),
      ...(refusal.suggestion ? { suggestion: refusal.suggestion } : {}),
      hint: onServer
        ? `rename the server key "${rendered.server}" in your MCP config${refusal.suggestion ? ` (e.g. "${refusal.suggestion}")` : ''}, or leave that server out of ${target}`
        : `tool "${rendered.tool}" comes from server "${rendered.server}": rename it there, or deny "${rendered.server}/${rendered.tool}" in a profile`,
    },
  };
}
