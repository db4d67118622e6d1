import type { ToolRef } from '../../catalog/types.js';
import { finish, renderEach } from '../build.js';
import { registrationNote, registrationPrecedence } from '../order.js';
import { middleElide } from '../length.js';
import { resolveServer, resolveTool, splitFirst } from '../parse.js';
import { subEach } from '../sanitize.js';
import type { NamingTarget, RenderedName } from '../types.js';
import { geminiCut, geminiUncutName } from '../../config/clients/gemini-names.js';
// geminiUncutName and geminiCut (≥ v0.33) are Gemini CLI's own name function: shared with the reader's approval rule.
import { GEMINI_WIRE } from '../wire.js';

/** Legacy (≤ v0.32) `generateValidName(toolName)`: [^a-zA-Z0-9_.-] → "_", elide at 63 with "___". */
export function geminiLegacyValidName(value: string): string {
  return middleElide(subEach(value, /[^a-zA-Z0-9_.-]/, '_'), 63, 28, '___', 32);
}

const sanitizePart = (part: string): string => subEach(part, /[^a-zA-Z0-9_\-.:]/, '_');

/**
 * Gemini CLI ≥ 0.33: `G(S + "_" + T)`. The registry is a Map, so the last registration of a name wins: the server ready
 * last, and inside a server the tool listed last (observed with Gemini CLI 0.61.0, test/fidelity/clients/).
 * Its policy parser splits at the first "_" after "mcp_" (the docs warn against "_" in server names).
 */
export const geminiCli: NamingTarget = {
  id: 'gemini-cli',
  kind: 'preset',
  summary: 'Gemini CLI ≥ 0.33: mcp_server_tool, [^A-Za-z0-9_.:-] → "_", middle "..." elision at 63, last wins',
  source:
    'verified: google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts, tool-registry.ts @5411f113; names and collisions observed with the real client',
  status: 'verified',
  checkedAgainst: { package: '@google/gemini-cli', version: '0.61.0', date: '2026-11-26' },
  prefixing: 'always',
  wire: GEMINI_WIRE,
  maxTools: 512,
  render: (input) =>
    renderEach(
      'gemini-cli',
      input,
      (ref) => {
        const uncut = geminiUncutName(`${ref.server}_${ref.tool}`);
        const name = geminiCut(uncut);
        return uncut === name ? { name } : { name, uncut };
      },
      'last-wins',
      {
        precedence: registrationPrecedence(input),
        nondeterministicOnCollision: registrationNote(input, 'Gemini CLI', 'last'),
      },
    ),
  parse: (name: string, servers: string[], tools?: ToolRef[]): ToolRef | undefined => {
    if (!name.startsWith('mcp_')) return undefined;
    const parts = splitFirst(name.slice('mcp_'.length), '_');
    if (!parts) return undefined;
    const server = resolveServer(parts[0], servers, sanitizePart);
    // A name cut at 63 is found in Gemini CLI's registry by the whole name; its policy still reads the server part.
    const cut = tools && name.length === 63 && name.slice(30, 33) === '...' ? cutIndex(tools).get(name) : undefined;
    if (cut) return cut.server === server ? cut : { server, tool: cut.tool };
    return { server, tool: resolveTool(server, parts[1], tools, sanitizePart) };
  },
};

const cutNames = new WeakMap<ToolRef[], Map<string, ToolRef>>();

/** Each cut name of `tools` → its pair (the first one, when two cut alike: NAME_COLLISION's case), built once per list. */
function cutIndex(tools: ToolRef[]): Map<string, ToolRef> {
  let index = cutNames.get(tools);
  if (index) return index;
  index = new Map();
  for (const ref of tools) {
    const uncut = geminiUncutName(`${ref.server}_${ref.tool}`);
    if (uncut.length <= 63) continue;
    const name = geminiCut(uncut);
    if (!index.has(name)) index.set(name, { server: ref.server, tool: ref.tool });
  }
  cutNames.set(tools, index);
  return index;
}

/**
 * Gemini CLI ≤ 0.32: bare `L(T)`; only when the name is already registered does a tool get `{S}__{L(T)}`
 * (server unsanitized, no length check). Who keeps the bare name depends on discovery order.
 */
export const geminiCliLegacy: NamingTarget = {
  id: 'gemini-cli-legacy',
  kind: 'preset',
  summary: 'Gemini CLI ≤ 0.32: bare tool name; on conflict the later server gets server__tool (discovery order)',
  source: 'verified (older version): google-gemini/gemini-cli tag v0.32.0 mcp-tool.ts, tool-registry.ts',
  status: 'verified-older',
  prefixing: 'conditional',
  unprefixed: true,
  wire: GEMINI_WIRE,
  maxTools: 512,
  render: (input) => {
    const registered = new Map<string, RenderedName>();
    const names: RenderedName[] = [];
    let conflicted = false;
    for (const ref of input.tools) {
      const bare = geminiLegacyValidName(ref.tool);
      let name = bare;
      if (registered.has(bare)) {
        conflicted = true;
        name = `${ref.server}__${bare}`;
      }
      const rendered: RenderedName = { server: ref.server, tool: ref.tool, name };
      const previous = registered.get(name);
      // The registry is a Map: registering an existing fully-qualified name overwrites it.
      if (previous) previous.dropped = `overwritten by ${ref.server}/${ref.tool} (last wins)`;
      registered.set(name, rendered);
      names.push(rendered);
    }
    return finish('gemini-cli-legacy', names, {
      nondeterministic: conflicted ? 'the first server discovered keeps the bare name and later ones get server__tool; mcpns assumes sorted order' : undefined,
    });
  },
};
