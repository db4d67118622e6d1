/**
 * The gateway's own entry in a config file it reads: a server whose command runs `mcpns serve` (docs/serve.md's
 * client snippets put exactly that into `.mcp.json`). Serving it would start the gateway inside itself, which starts
 * itself again, and so on: it is skipped. Pure, and light: the entry point's spawn-first path uses it too.
 */

/** The command line of a stdio entry, as the config gives it. */
export interface CommandLine {
  command?: string | undefined;
  args?: readonly string[] | undefined;
}

/**
 * Whether a word of a command line names mcpns: its bin by name (`mcpns`, `mcpns.cmd`, `…/node_modules/.bin/mcpns`,
 * `…/bin/mcpns.js`), its package for a package runner (`mcpns`, `mcpns@1.2.3`), or its built entry
 * (`…/mcpns/dist/cli/index.js`).
 */
function namesMcpns(word: string): boolean {
  const path = word.replaceAll('\\', '/');
  const base = (path.slice(path.lastIndexOf('/') + 1) || path).toLowerCase();
  if (/^mcpns(@[^/\s]*)?$/.test(base) || /^mcpns\.(cmd|exe|ps1|js|mjs|cjs)$/.test(base)) return true;
  return /(^|\/)mcpns\/dist\/cli(-bundle)?\/index\.js$/i.test(path);
}

/**
 * True when the entry runs `mcpns serve` — directly, through a package runner (`npx -y mcpns serve`), through node
 * (`node …/bin/mcpns.js serve`), or through a shell (`sh -c "mcpns serve --http 8765"`): a word naming mcpns followed,
 * after any options, by `serve`.
 */
export function isGatewayEntry(entry: CommandLine): boolean {
  if (!entry.command) return false;
  const words = [entry.command, ...(entry.args ?? [])].flatMap((word) => word.trim().split(/\s+/)).slice(0, 256);
  for (let index = 0; index < words.length; index++) {
    if (!namesMcpns(words[index]!)) continue;
    const next = words.slice(index + 1).find((word) => !word.startsWith('-'));
    if (next === 'serve') return true;
  }
  return false;
}
