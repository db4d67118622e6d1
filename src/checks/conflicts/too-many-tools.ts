import { defineCheck, type Finding } from '../types.js';
import { perTarget, groupBy } from './rendering.js';

/**
 * TOO_MANY_TOOLS: more exposed tools than a target accepts (OpenAI 128 per request, VS Code 128,
 * Cursor 40 historically, Windsurf 100…): the request fails or the client silently sends a subset.
 * The hint names the servers contributing the most tools, the cheapest thing to disable in a profile.
 */
export const tooManyTools = defineCheck({
  codes: ['TOO_MANY_TOOLS'],
  family: 'conflicts',
  run(context) {
    return perTarget(context, ({ id: targetId, target, rendering }) => {
      const findings: Finding[] = [];
      const limit = target.maxTools;
      if (limit === undefined) return findings;
      const exposed = rendering.names.filter((rendered) => rendered.dropped === undefined);
      if (exposed.length <= limit) return findings;
      const perServer = [...groupBy(exposed, (rendered) => rendered.server)]
        .map(([server, tools]) => ({ server, count: tools.length }))
        .sort((a, b) => b.count - a.count || (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
      const over = exposed.length - limit;
      const largest = perServer
        .slice(0, 3)
        .map(({ server, count }) => `"${server}" (${count})`)
        .join(', ');
      findings.push({
        code: 'TOO_MANY_TOOLS',
        severity: 'warning',
        target: targetId,
        name: targetId,
        args: {
          count: exposed.length,
          limit,
          largest: perServer.slice(0, 3),
          hint: `expose at least ${over} fewer tool${over === 1 ? '' : 's'} with a profile (servers.disable or tools.deny); largest servers: ${largest}`,
        },
      });
      return findings;
    });
  },
});
