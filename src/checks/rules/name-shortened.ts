import { defineRule } from './define.js';
import { argHint, pair } from './wording.js';

/**
 * by `gateway`: `serve` exposes `to` instead of the style's `from` (`reason`: what the client would have done with it).
 * by `client`: the client itself shows the gateway's name cut, `to` instead of `from` (Gemini CLI's middle `...`, VS Code's cut at 64).
 */
export type NameShortenedArgs = { by: 'gateway' | 'client'; kind?: 'tool' | 'prompt'; from: string; to: string; reason?: string; hint?: string };

export const nameShortened = defineRule<NameShortenedArgs>()({
  code: 'NAME_SHORTENED',
  severity: 'info',
  lifecycle: 'preview',
  family: 'naming',
  reportedBy: ['serve'],
  title: 'A name reaches the model shorter than it was built',
  message: (f) =>
    f.args?.by === 'client'
      ? `${f.target ?? 'the client'} shows ${pair(f)} cut to ${f.args.to.length} characters: "${f.args.to}" (uncut: "${f.args.from}", ${f.args.from.length})`
      : `${f.args?.kind ?? 'tool'} ${pair(f)} is exposed as "${f.args?.to ?? ''}" instead of "${f.args?.from ?? ''}"${f.args?.reason ? `: ${f.args.reason}` : ''}`,
  hint: (f) =>
    argHint(f) ??
    (f.args?.by === 'client'
      ? 'the cut name still calls the tool; a shorter server key, tool name or --as key keeps it whole'
      : 'the new name is stable (a head of the name and 8 hex of sha1 of the pair); rename the server or the tool for a readable one'),
  doc: {
    why: `\`serve --for <client>\` shortens an exposed name the client would cut, drop or refuse for its length, or merge
with another after its sanitizing (a head of the name and a hash of the pair, so the name does not depend on start
order), and reports each change; a client that shortens a name itself without losing it (Gemini CLI keeps the first
and last 30 characters around \`...\` of a name over 63; VS Code cuts its tool ids at 64) is reported too: the model
sees the name cut. Both still call the right tool; the report says which name the model sees.`,
    failing: `\`serve --for gemini-cli --as mcpns\` with server \`awslabs-billing-cost-management\` and tool
\`get_cost_and_usage_comparisons_with_forecast\`: Gemini CLI shows \`mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast\`.`,
    failingLabel: 'Failing (reported)',
    passing: `a shorter server key (\`billing\`): \`mcp_mcpns_billing__get_cost_and_usage_comparisons_with_forecast\` (63).`,
  },
});
