import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

/** part: which part of a namespaced name (Codex) breaks the rule, with its text in partName. */
export type NameTooLongArgs = { length: number; limit: number; dropped?: string; part?: 'namespace' | 'function'; partName?: string; hint: string };

export const nameTooLong = defineRule<NameTooLongArgs>()({
  code: 'NAME_TOO_LONG',
  severity: 'error',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['check-conflicts', 'check'],
  title: 'A rendered name is longer than the target allows',
  message: (f) =>
    `"${f.name}" (${pair(f)})${f.args?.part ? `: its ${f.args.part} "${f.args.partName ?? ''}"` : ''} is ${f.args?.length ?? 'too many'} characters; ${f.target} allows ${f.args?.limit ?? 'fewer'}` +
    (f.args?.dropped ? `; ${f.target} drops it (${f.args.dropped})` : ''),
  hint: (f) => argHint(f) ?? 'shorten the server key (it is part of every name) or the tool name',
  doc: {
    why: `providers and clients limit names (64 for OpenAI, Gemini, Bedrock and Mistral, 128 for Anthropic, 60 in Cursor);
longer names are rejected, cut or dropped ([presets.md § Providers](presets.md#providers) has the sources). Claude Code
sends \`mcp__server__tool\` whole up to 128 characters and leaves a longer one out of every request (\`args.dropped\`
says so); Cursor filters a tool whose server and tool names add up to more than 60.`,
    failing: `server \`my-very-long-internal-service-name\` + tool \`get_all_open_pull_requests_for_repository\` under \`openai\` (77 characters).`,
    passing: `a shorter server key (\`svc\`).`,
  },
});
