import { defineRule } from './define.js';
import { memberList } from './wording.js';

export type IndistinctToolsArgs = { similarity: number };

export const indistinctTools = defineRule<IndistinctToolsArgs>()({
  code: 'INDISTINCT_TOOLS',
  severity: 'info',
  lifecycle: 'stable',
  family: 'definitions',
  reportedBy: ['lint', 'check'],
  title: 'Tools on different servers that a request cannot tell apart',
  message: (f) =>
    `${memberList(f)} are described in the same words (${Math.round((f.args?.similarity ?? 1) * 100)}% alike): a request, a model or tool search cannot tell them apart`,
  hint: () => 'say in each description what is particular to it (the service, the account, the scope), or hide one with a profile',
  doc: {
    why: `a model and the router's tool search choose a tool by its name and description; when two servers offer tools
described in the same words (the same server installed twice, a fork, two browsers), which one a request reaches is
chance. Compared after removing each server's own name from its words: "Create a GitHub issue" and "Create a GitLab
issue" are alike. Reported once per group of alike tools, every member named; tools of one server are not compared.`,
    failing: `\`browser-a/click\` "Click an element on the page" and \`browser-b/click_element\` "Click an element on the page."`,
    passing: `\`browser-a/click\` "Click an element in the headless Chromium session" and \`desktop/click\` "Click at screen coordinates".`,
  },
});
