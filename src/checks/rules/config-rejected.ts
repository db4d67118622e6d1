import { defineRule } from './define.js';

/** what: the whole file or one entry is refused; detail: the client's reason; diagnostic: the config diagnostic's code. */
export type ConfigRejectedArgs = { file: string; what: 'file' | 'entry'; detail: string; diagnostic: string; client?: string };

export const configRejected = defineRule<ConfigRejectedArgs>()({
  code: 'CONFIG_REJECTED',
  severity: 'error',
  lifecycle: 'stable',
  family: 'discovery',
  reportedBy: ['check-conflicts', 'lint', 'check'],
  title: 'The client would refuse a config file or entry',
  message: (f) =>
    `${f.args?.what === 'file' ? `${f.args.file} is refused by its client, so none of its servers load` : `server "${f.server ?? ''}" in ${f.args?.file ?? ''} is refused by its client`}: ${f.args?.detail ?? ''}`,
  hint: (f) =>
    f.args?.diagnostic === 'STRICT_JSON_COMMENT'
      ? 'remove the comments and trailing commas: this client reads strict JSON'
      : `fix the ${f.args?.what === 'file' ? 'file' : 'entry'} as the message says; until then the client does not load ${f.args?.what === 'file' ? 'it' : 'that server'}`,
  doc: {
    why: `the client that owns a config file would refuse the file (Claude Code, Claude Desktop, Cursor and Cline read
strict JSON: one comment or trailing comma and nothing in the file loads; a root that is not an object) or one of its
entries (a \`url\` without \`type\` in Claude Code, a field of the wrong type, an unknown \`type\`). Those servers are not
part of that client's catalog: \`list\` shows them as not loaded (\`list --all\` discovers them anyway, their tools
marked hidden) and the finding points at the file and line, so CI fails with an annotation.`,
    failing: `\`.mcp.json\` with \`"args": ["server.js"],\` before a closing \`}\` (trailing comma).`,
    passing: `the same file as strict JSON.`,
  },
});
