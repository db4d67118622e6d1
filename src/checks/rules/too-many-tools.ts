import { argHint } from './wording.js';
import { defineRule } from './define.js';

export type TooManyToolsArgs = { count: number; limit: number; largest: { server: string; count: number }[]; hint: string };

export const tooManyTools = defineRule<TooManyToolsArgs>()({
  code: 'TOO_MANY_TOOLS',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: "More tools than a target's limit",
  message: (f) => `${f.args?.count ?? 'more'} tools exceed the limit of ${f.args?.limit ?? '?'} for ${f.target}`,
  hint: (f) => argHint(f) ?? 'use a profile to expose fewer tools',
  doc: {
    why: `clients and providers cap the number of tools (Cursor historically 40, VS Code and OpenAI 128); extra tools are
dropped or the request fails.`,
    failing: `150 tools checked under \`openai\` (limit 128).`,
    passing: `a profile that exposes 100 of them.`,
  },
});
