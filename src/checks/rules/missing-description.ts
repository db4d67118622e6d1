import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type MissingDescriptionArgs = { blank: boolean };

export const missingDescription = defineRule<MissingDescriptionArgs>()({
  code: 'MISSING_DESCRIPTION',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'definitions',
  reportedBy: ['lint', 'check'],
  title: 'A tool without a description',
  message: (f) => `"${pair(f)}" has ${f.args?.blank ? 'a blank' : 'no'} description; models choose tools by their descriptions`,
  hint: (f) => argHint(f) ?? 'say what the tool does, what it returns and when to use it',
  doc: {
    why: `models choose tools by their descriptions; a tool without one (absent, empty or only whitespace) is picked at
random or never.`,
    failing: `\`{ "name": "sync" }\` or \`"description": "  "\`.`,
    passing: `\`"description": "Synchronise the local cache with the remote index."\`.`,
  },
});
