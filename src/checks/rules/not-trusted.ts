import { defineRule } from './define.js';

/** client: the client whose rule it is; reason: what it does and why; fix: what would change it. */
export type NotTrustedArgs = { client: string; reason: string; fix: string };

export const notTrusted = defineRule<NotTrustedArgs>()({
  code: 'NOT_TRUSTED',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'discovery',
  reportedBy: ['check-conflicts', 'lint', 'check'],
  title: 'The client does not trust the project or folder, so it does not load the server',
  message: (f) => `server "${f.server ?? ''}" is not loaded: ${f.args?.reason ?? `${f.args?.client ?? 'its client'} does not trust the project`}`,
  hint: (f) => f.args?.fix,
  doc: {
    why: `the client that owns the server's config does not trust the project or folder, so it does not load the server
in the run mcpns models. Codex reads a project's \`.codex/config.toml\` only when \`[projects."<dir>"] trust_level =
"trusted"\` in \`$CODEX_HOME/config.toml\` names that folder or the repository root (\`codex exec --trust\` writes it);
Gemini CLI does not run at all in a folder its \`trustedFolders.json\` does not trust (\`gemini -p\` exits with 55), so
every one of its servers gets the finding. \`list\` shows such servers as not loaded (\`list --all\` discovers them, their
tools marked hidden); the hint says what would trust the folder. A fresh CI machine trusts nothing: raise the code to
\`error\` in \`rules\` when the pipeline runs these clients, or trust the folder there (\`GEMINI_CLI_TRUST_WORKSPACE=true\`,
\`codex exec --trust\`). docs/clients.md § Trust and approval has each client's rule.`,
    failing: `\`.codex/config.toml\` with an \`[mcp_servers.docs]\` entry, and no \`[projects]\` entry for the project.`,
    passing: `the same project with \`[projects."/path/to/project"] trust_level = "trusted"\` in \`~/.codex/config.toml\`.`,
  },
});
