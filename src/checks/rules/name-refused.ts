import { argHint } from './wording.js';
import { defineRule } from './define.js';

export type NameRefusedArgs = {
  subject: 'server' | 'tool';
  rule: string;
  /** config: the product's whole configuration fails to load; list: every tools/list fails. */
  scope?: 'config' | 'list';
  suggestion?: string;
  hint: string;
};

export const nameRefused = defineRule<NameRefusedArgs>()({
  code: 'NAME_REFUSED',
  severity: 'error',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'A client or gateway refuses a server or tool name',
  message: (f) =>
    (f.args?.subject === 'tool' ? `${f.target} refuses tool "${f.tool}" of server "${f.server}"` : `${f.target} refuses server "${f.server}"`) +
    `: ${f.args?.rule ?? 'the name is not accepted'}` +
    (f.args?.scope === 'config'
      ? `; ${f.target} then fails to load its whole config, so none of its servers are available`
      : f.args?.scope === 'list'
        ? `; ${f.target} then fails tools/list for every server`
        : `; ${f.target} leaves ${f.args?.subject === 'tool' ? 'that tool' : 'that server'} out`),
  hint: (f) => argHint(f) ?? (f.args?.subject === 'tool' ? 'rename the tool on its server' : `rename server "${f.server}" in your MCP config`),
  doc: {
    why: `some gateways refuse a server or tool name outright instead of renaming it, so the tools never exist there.
agentgateway accepts only lowercase Gateway API SectionNames as target names and fails its whole config otherwise;
LiteLLM aborts loading its config on a server name containing \`-\` or an empty one; MetaMCP refuses server names outside
\`^[a-zA-Z0-9_-]+$\`; ContextForge refuses gateway and tool names outside its validation patterns; 1MCP fails
\`tools/list\` on an empty server or tool name; the Docker gateway fails its reload on an empty or reserved tool name.
The finding names the target, the server (and tool), the product's rule, whether the whole config or list fails
(\`args.scope\`: \`config\` or \`list\`), and a hint naming the config key to rename (with a suggested name when one can be
derived, \`args.suggestion\`).`,
    failing: `server \`Acme CRM\` under \`--preset metamcp,agentgateway\` (a space and upper case).`,
    passing: `the server key renamed \`acme-crm\`.`,
  },
});
