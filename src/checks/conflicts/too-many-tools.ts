import { defineCheck, type Finding } from '../types.js';
import { perTarget } from './rendering.js';

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
      // Counted, not collected: a million exposed names need one number per server, not a list.
      const counts = new Map<string, number>();
      let exposedCount = 0;
      // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
      for (let at = 0; at < rendering.names.length; at++) {
        const rendered = rendering.names[at]!;
        if (rendered.dropped !== undefined) continue;
        exposedCount++;
        counts.set(rendered.server, (counts.get(rendered.server) ?? 0) + 1);
      }
      if (exposedCount <= limit) return findings;
      const perServer = [...counts]
        .map(([server, count]) => ({ server, count }))
        .sort((a, b) => b.count - a.count || (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
      const over = exposedCount - limit;
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
          count: exposedCount,
          limit,
          largest: perServer.slice(0, 3),
          hint: `expose at least ${over} fewer tool${over === 1 ? '' : 's'} with a profile (servers.disable or tools.deny); largest servers: ${largest}`,
        },
      });
      return findings;
    });
  },
});
