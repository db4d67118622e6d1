import type { Catalog, CatalogTool, ToolRef } from '../catalog/types.js';
import { getTarget as defaultGetTarget, namingInputFromCatalog } from '../naming/index.js';
import { PROVIDER_MAX_TOOLS } from '../naming/providers.js';
import type { NamingTarget, WireRule } from '../naming/types.js';
import { ANTHROPIC_WIRE, GEMINI_WIRE, MCP_SPEC_WIRE, OPENAI_WIRE } from '../naming/wire.js';
import { toGeminiSchema } from './gemini-schema.js';

export type ExportProvider = 'openai' | 'anthropic' | 'gemini' | 'mcp';
export const EXPORT_PROVIDERS: ExportProvider[] = ['openai', 'anthropic', 'gemini', 'mcp'];
export const EXPORT_SCHEMA_VERSION = 1;

/** The rule exported names must satisfy, per provider (the naming wire rules: one source for both). */
export interface ProviderNameRule {
  pattern: RegExp;
  charset: string;
  maxLength: number;
  /** Tools per request the provider accepts (a note, not an error). */
  maxTools?: number;
  source: string;
}

function ruleOf(wire: WireRule, maxTools?: number): ProviderNameRule {
  return {
    pattern: wire.pattern,
    charset: wire.charset,
    maxLength: wire.maxLength,
    ...(maxTools !== undefined ? { maxTools } : {}),
    source: wire.source ?? '',
  };
}

export const PROVIDER_RULES: Record<ExportProvider, ProviderNameRule> = {
  openai: ruleOf(OPENAI_WIRE, PROVIDER_MAX_TOOLS.openai),
  anthropic: ruleOf(ANTHROPIC_WIRE),
  gemini: ruleOf(GEMINI_WIRE, PROVIDER_MAX_TOOLS.gemini),
  mcp: ruleOf(MCP_SPEC_WIRE),
};

export interface ExportProblem {
  code: 'NAME_INVALID_CHARS' | 'NAME_TOO_LONG' | 'NAME_COLLISION' | 'DROPPED_BY_PRESET';
  /** The exported name that is not usable. */
  name: string;
  members: ToolRef[];
  message: string;
}

export interface ExportOptions {
  provider: ExportProvider;
  /** Use this preset's names (its wire name when it has one) instead of `server__tool`. */
  preset?: string;
  prefixes?: Record<string, string>;
  /** The config's server order (VS Code numbers shared prefixes in registration order). */
  serverOrder?: readonly string[];
  getTarget?: (id: string) => NamingTarget;
}

export interface ExportResult {
  schemaVersion: typeof EXPORT_SCHEMA_VERSION;
  provider: ExportProvider;
  /** Where names come from: "server__tool" or the preset id. */
  naming: string;
  /** Tool definitions in the provider's request shape (gemini: one `{functionDeclarations}` entry). */
  tools: unknown[];
  /** Exported name → (server, tool): route a model's call with a lookup, never a re-split. */
  map: Record<string, ToolRef>;
  /** Names that could not be exported valid and unique (those tools are left out, never renamed). */
  problems: ExportProblem[];
  /** Schema conversions and limits worth knowing (Gemini keyword stripping, tool-count limits). */
  notes: string[];
}

/** The default exported name: MCPx's `peer__tool` (decision-2), valid for every provider when both parts are. */
export const defaultExportName = (ref: ToolRef): string => `${ref.server}__${ref.tool}`;

/** Keep the owning server visible to the model, as MCPx's adapter did ("(via peer)"). */
export function exportDescription(tool: CatalogTool): string {
  const base = (tool.description ?? '').trim() || tool.title || tool.name;
  return `${base} (server: ${tool.server})`;
}

/**
 * LLM-ready tool definitions for a provider plus the routing map back to (server, tool). Hidden tools are
 * not exported. A name that breaks the provider's rule, or that two tools share, is reported in `problems`
 * and the tools concerned are left out (both routes are dropped: a shared name is never first-wins).
 */
export function exportTools(catalog: Catalog, options: ExportOptions): ExportResult {
  const rule = PROVIDER_RULES[options.provider];
  const visible = catalog.tools.filter((tool) => !tool.hidden);
  const problems: ExportProblem[] = [];
  const notes: string[] = [];

  const named: { tool: CatalogTool; name: string }[] = [];
  if (options.preset) {
    const target = (options.getTarget ?? defaultGetTarget)(options.preset);
    const rendering = target.render(namingInputFromCatalog({ ...catalog, tools: visible }, options.prefixes ?? {}, options.serverOrder));
    rendering.names.forEach((entry, index) => {
      const tool = visible[index]!;
      if (entry.dropped) {
        problems.push({
          code: 'DROPPED_BY_PRESET',
          name: entry.name,
          members: [{ server: tool.server, tool: tool.name }],
          message: `${options.preset} would not expose ${tool.server}/${tool.name}: ${entry.dropped}`,
        });
        return;
      }
      named.push({ tool, name: entry.wireName ?? entry.name });
    });
    if (rendering.nondeterministic) notes.push(`${options.preset}: ${rendering.nondeterministic}`);
  } else {
    for (const tool of visible) named.push({ tool, name: defaultExportName({ server: tool.server, tool: tool.name }) });
  }

  const byName = new Map<string, CatalogTool[]>();
  for (const { tool, name } of named) byName.set(name, [...(byName.get(name) ?? []), tool]);

  const exported: { tool: CatalogTool; name: string }[] = [];
  for (const { tool, name } of named) {
    const owners = byName.get(name)!;
    const members = owners.map((owner) => ({ server: owner.server, tool: owner.name }));
    if (owners.length > 1) {
      if (owners[0] === tool) {
        problems.push({
          code: 'NAME_COLLISION',
          name,
          members,
          message: `${members.map((m) => `${m.server}/${m.tool}`).join(', ')} all export as "${name}"; none is exported`,
        });
      }
      continue;
    }
    if (name.length > rule.maxLength) {
      problems.push({ code: 'NAME_TOO_LONG', name, members, message: `"${name}" has ${name.length} characters; ${options.provider} allows ${rule.maxLength}` });
      continue;
    }
    if (!rule.pattern.test(name)) {
      problems.push({
        code: 'NAME_INVALID_CHARS',
        name,
        members,
        message: `"${name}" does not match ${options.provider}'s rule ${rule.pattern.source} (${rule.charset})`,
      });
      continue;
    }
    exported.push({ tool, name });
  }

  if (rule.maxTools !== undefined && exported.length > rule.maxTools) {
    notes.push(`${exported.length} tools exceed ${options.provider}'s limit of ${rule.maxTools} per request; use --profile or --server to export fewer`);
  }

  // Null prototype: an exported name may be "__proto__" or "constructor".
  const map = Object.create(null) as Record<string, ToolRef>;
  for (const { tool, name } of exported) map[name] = { server: tool.server, tool: tool.name };

  let tools: unknown[];
  switch (options.provider) {
    case 'openai':
      tools = exported.map(({ tool, name }) => ({ type: 'function', function: { name, description: exportDescription(tool), parameters: tool.inputSchema } }));
      break;
    case 'anthropic':
      tools = exported.map(({ tool, name }) => ({ name, description: exportDescription(tool), input_schema: tool.inputSchema }));
      break;
    case 'gemini': {
      const declarations = exported.map(({ tool, name }) => {
        const { schema, notes: changes } = toGeminiSchema(tool.inputSchema ?? { type: 'object' });
        for (const change of changes) notes.push(`${name}: ${change}`);
        return { name, description: exportDescription(tool), parameters: schema };
      });
      tools = [{ functionDeclarations: declarations }];
      break;
    }
    case 'mcp':
      tools = exported.map(({ tool, name }) => ({
        name,
        ...(tool.title ? { title: tool.title } : {}),
        description: exportDescription(tool),
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        ...(tool.annotations && Object.keys(tool.annotations).length ? { annotations: tool.annotations } : {}),
      }));
      break;
  }

  problems.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { schemaVersion: EXPORT_SCHEMA_VERSION, provider: options.provider, naming: options.preset ?? 'server__tool', tools, map, problems, notes };
}
