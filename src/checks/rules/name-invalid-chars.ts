import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

/** part: which part of a namespaced name (Codex) breaks the rule, with its text in partName. */
export type NameInvalidCharsArgs = { chars: string; charset?: string; dropped?: string; part?: 'namespace' | 'function'; partName?: string; hint: string };

export const nameInvalidChars = defineRule<NameInvalidCharsArgs>()({
  code: 'NAME_INVALID_CHARS',
  severity: 'error',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['check-conflicts', 'check'],
  title: "A rendered name breaks the target's character rule",
  message: (f) =>
    `"${f.name}" (${pair(f)})${f.args?.part ? `: its ${f.args.part} "${f.args.partName ?? ''}"` : ''} breaks ${f.target}'s rule${f.args?.charset ? ` ${f.args.charset}` : ''}: ${f.args?.chars ?? ''}` +
    (f.args?.dropped ? `; ${f.target} drops it (${f.args.dropped})` : ''),
  hint: (f) => argHint(f) ?? 'rename the tool or server, or use a target that sanitizes names',
  doc: {
    why: `each target's wire has a character rule (OpenAI \`^[a-zA-Z0-9_-]{1,64}$\`, Anthropic \`^[a-zA-Z0-9_-]{1,128}$\`); a rendered name
outside it is rejected by the API.`,
    failing: `\`files/read.file\` exported for \`openai\` as \`files__read.file\` (\`.\` is not allowed).`,
    passing: `a target or preset that sanitizes \`.\`, or the tool renamed \`read_file\`.`,
  },
});
