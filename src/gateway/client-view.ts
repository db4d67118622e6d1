/**
 * What a client receives through the gateway: one server (its `--as` key) offering the exposed names. The names the
 * client finally shows (`serve --dry-run --json`'s `names`) and the naming findings are judged on that, not on the
 * upstream keys as if each server were configured in the client directly (those never reach it). Pure: the exposure,
 * the first discovery's catalog and the settings in, data out.
 */
import type { Catalog, CatalogTool, ToolRef } from '../catalog/types.js';
import { CHECKS } from '../checks/registry.js';
import { compareFindings, matchesIgnore, runChecks, summarize, type CheckResult } from '../checks/run.js';
import type { Finding, FindingOf } from '../checks/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import { getTarget, MCP_SPEC_WIRE, type NamingTarget } from '../naming/index.js';
import type { Exposure } from './exposure.js';
import { clientFinals, type NamingSettings, type ShortenedName } from './names.js';

/** One exposed tool as the client shows it. */
export interface ClientName extends ToolRef {
  /** The name the gateway exposes (its tools/list). */
  exposed: string;
  /** The name the client shows its model (`exposed` without `--for`). */
  final: string;
  /** Codex: the Responses-API namespace and the function inside it (`final` is Codex's flat form of the two). */
  namespace?: string;
  function?: string;
  /** Why the client would not offer it at all. */
  dropped?: string;
  /** Set when the client cuts the name itself and still offers it (Gemini CLI's middle "..."): `final` uncut. */
  uncut?: string;
  /** Set when the gateway changed the style's name so the client keeps it. */
  shortened?: Pick<ShortenedName, 'from' | 'to' | 'finalBefore' | 'reason'>;
}

/** The exposed upstream tools in the gateway's order, each with its upstream pair (a provider's own tools have none). */
function exposedTools(exposure: Exposure): Array<{ exposed: string; route: ToolRef; item: Record<string, unknown> }> {
  return exposure.tools.flatMap((item) => {
    const exposed = item['name'] as string;
    const route = exposure.toolRoutes.get(exposed);
    return route ? [{ exposed, route: { server: route.server, tool: route.name }, item }] : [];
  });
}

/** Each exposed tool's final name under `--for` (the exposed name itself without it). */
export function clientNames(exposure: Exposure, naming: NamingSettings): ClientName[] {
  const tools = exposedTools(exposure);
  const rendered = naming.for
    ? clientFinals(
        getTarget(naming.for),
        naming.key,
        tools.map((tool) => tool.exposed),
      )
    : undefined;
  const shortened = new Map(exposure.shortened.filter((entry) => entry.kind === 'tool').map((entry) => [`${entry.server}\0${entry.tool}`, entry]));
  return tools.map(({ exposed, route }, index) => {
    const final = rendered?.[index];
    const change = shortened.get(`${route.server}\0${route.tool}`);
    return {
      ...route,
      exposed,
      final: final ? (final.wireName ?? final.name) : exposed,
      ...(final?.namespace !== undefined ? { namespace: final.namespace, function: final.function! } : {}),
      ...(final?.dropped !== undefined ? { dropped: final.dropped } : {}),
      ...(final?.uncut !== undefined ? { uncut: final.uncut } : {}),
      ...(change ? { shortened: { from: change.from, to: change.to, finalBefore: change.finalBefore, reason: change.reason } } : {}),
    };
  });
}

/** The style's names are the exposed names as they are: a target that renders each tool as its own name. */
function asExposed(id: string): NamingTarget {
  return {
    id,
    kind: 'style',
    summary: 'the names the gateway exposes',
    wire: MCP_SPEC_WIRE,
    prefixing: 'always',
    render: (input) => {
      const names = input.tools.map((tool) => ({ server: tool.server, tool: tool.tool, name: tool.tool }));
      return { target: id, names, lookup: new Map(names.map((name) => [name.name, [{ server: name.server, tool: name.tool }]])) };
    },
  };
}

/** Naming checks that mean something for one server's names (the gateway's); the rest are judged upstream. */
const NAMING_CODES = new Set(['NAME_REFUSED', 'NAME_COLLISION', 'AMBIGUOUS_ROUTE', 'NEAR_COLLISION', 'NAME_TOO_LONG', 'NAME_INVALID_CHARS', 'TOO_MANY_TOOLS']);

/**
 * The findings of `serve`: the upstream catalog's own (lint, tools several servers share, servers that failed) and
 * the naming checks over what the client receives: the gateway's `--as` key and its exposed names, under the style
 * (as exposed) and `--for`. Findings about an exposed name name its upstream pair; config `rules` and `ignore` apply.
 */
export function judgeThroughGateway(input: {
  catalog: Catalog;
  exposure: Exposure;
  config: LoadedConfig;
  naming: NamingSettings;
  /** The gateway's own NAME_COLLISION findings (pairs it kept apart). */
  collisions: Finding[];
}): CheckResult {
  const { catalog, exposure, config, naming } = input;
  // A server's key reaches no client through the gateway (the exposed names do, and are judged below).
  const upstream = withoutCodes(runChecks({ catalog, config, targets: [] }, ['conflicts', 'lint']), ['SERVER_NAME_INVALID']);
  const tools = exposedTools(exposure);
  const through: Catalog = {
    ...catalog,
    style: naming.style,
    servers: [{ name: naming.key, transport: 'stdio', status: 'ok', serverInfo: { name: naming.key }, toolCount: tools.length }],
    tools: tools.map(({ exposed, item }): CatalogTool => ({ server: naming.key, name: exposed, qualifiedName: exposed, inputSchema: {}, ...pick(item) })),
  };
  const targets = [naming.style, ...(naming.for ? [naming.for] : [])];
  const checks = CHECKS.conflicts.filter((check) => check.codes.some((code) => NAMING_CODES.has(code)));
  const judged = runChecks(
    { catalog: through, config: { ...config, servers: [], namespaces: {}, ignore: [] }, targets, namingTargets: [asExposed(naming.style)] },
    ['conflicts'],
    { checks },
  );
  const routes = new Map(tools.map(({ exposed, route }) => [exposed, route]));
  const upstreamRef = (ref: ToolRef): ToolRef => (ref.server === naming.key ? (routes.get(ref.tool) ?? ref) : ref);
  const remapped = judged.findings
    .map((finding): Finding => {
      const ref = finding.tool !== undefined && finding.server === naming.key ? routes.get(finding.tool) : undefined;
      return {
        ...finding,
        ...(ref ? { server: ref.server, tool: ref.tool } : {}),
        ...(finding.members ? { members: finding.members.map(upstreamRef) } : {}),
      };
    })
    .filter((finding) => !config.ignore.some((entry) => matchesIgnore(entry, finding)));
  const exposedOf = new Map(tools.map(({ exposed, route }) => [`${route.server}\0${route.tool}`, exposed]));
  const shadowed = groupShadowed(upstream.findings, (ref) => exposedOf.get(`${ref.server}\0${ref.tool}`));
  const shortened = shortenedFindings(exposure, naming).filter((finding) => !config.ignore.some((entry) => matchesIgnore(entry, finding)));
  const findings = [...input.collisions, ...shadowed, ...remapped, ...shortened].sort(compareFindings);
  return {
    ...upstream,
    targets,
    findings,
    summary: summarize(findings),
    ...(upstream.ignored !== undefined || judged.findings.length !== remapped.length
      ? { ignored: (upstream.ignored ?? 0) + judged.findings.length - remapped.length }
      : {}),
    ...(judged.notes ? { notes: [...(upstream.notes ?? []), ...judged.notes] } : {}),
  };
}

/**
 * NAME_SHORTENED: each name the gateway shortened for the client (or for the MCP limit), and each name the `--for`
 * client cuts itself (Gemini CLI's middle "..."), about its upstream pair.
 */
export function shortenedFindings(exposure: Exposure, naming: NamingSettings): Finding[] {
  const target = naming.for ?? naming.style;
  const byGateway = exposure.shortened.map((entry): Finding => ({
    code: 'NAME_SHORTENED',
    severity: 'info',
    target,
    server: entry.server,
    tool: entry.tool,
    name: entry.to,
    args: { by: 'gateway', kind: entry.kind, from: entry.from, to: entry.to, reason: entry.reason },
  }));
  if (!naming.for) return byGateway;
  const byClient = clientNames(exposure, naming).flatMap((name): Finding[] =>
    name.uncut === undefined || name.dropped !== undefined
      ? []
      : [
          {
            code: 'NAME_SHORTENED',
            severity: 'info',
            target,
            server: name.server,
            tool: name.tool,
            name: name.final,
            args: { by: 'client', from: name.uncut, to: name.final },
          },
        ],
  );
  return [...byGateway, ...byClient];
}

const MAX_LISTED = 8;

/**
 * SHADOWED_TOOL, reported per tool name, grouped into one finding per set of servers that share tools (their count and
 * list in `args.tools`, every pair in `members`), with a hint naming the names the gateway exposes them under.
 */
export function groupShadowed(findings: readonly Finding[], exposedOf: (ref: ToolRef) => string | undefined): Finding[] {
  const groups = new Map<string, Array<FindingOf<'SHADOWED_TOOL'>>>();
  const out: Finding[] = [];
  for (const finding of findings) {
    if (finding.code !== 'SHADOWED_TOOL') {
      out.push(finding);
      continue;
    }
    const key = `${finding.severity}\0${[...new Set((finding.members ?? []).map((member) => member.server))].sort().join('\0')}`;
    const group = groups.get(key);
    if (group) group.push(finding);
    else groups.set(key, [finding]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    const members = group.flatMap((finding) => finding.members ?? []);
    const exposed = members.map(exposedOf).filter((name): name is string => name !== undefined);
    const more = exposed.length > MAX_LISTED ? `, … (${exposed.length - MAX_LISTED} more)` : '';
    const args = first.args ?? { servers: new Set(members.map((member) => member.server)).size, unprefixedTargets: [], hint: '' };
    out.push({
      ...first,
      members,
      args: {
        ...args,
        ...(group.length > 1 ? { tools: group.map((finding) => finding.name ?? '') } : {}),
        hint: exposed.length ? `the gateway exposes them apart: ${exposed.slice(0, MAX_LISTED).join(', ')}${more}` : args.hint,
      },
    });
  }
  return out;
}

function withoutCodes(result: CheckResult, codes: readonly string[]): CheckResult {
  const findings = result.findings.filter((finding) => !codes.includes(finding.code));
  return { ...result, findings, summary: summarize(findings) };
}

/** The exposed item's fields a check reads. */
function pick(item: Record<string, unknown>): Partial<CatalogTool> {
  const out: Partial<CatalogTool> = {};
  if (typeof item['title'] === 'string') out.title = item['title'];
  if (typeof item['description'] === 'string') out.description = item['description'];
  if (item['inputSchema'] && typeof item['inputSchema'] === 'object') out.inputSchema = item['inputSchema'] as Record<string, unknown>;
  return out;
}

/**
 * NAME_COLLISION findings for names the style gives several pairs. The gateway keeps them apart (each gets its pair's
 * hash), so they are warnings; with `--strict` they are errors, and serve refuses to start.
 */
export function collisionFindings(exposure: Exposure, style: string, strict: boolean): Finding[] {
  return exposure.collisions.map((collision) => ({
    code: 'NAME_COLLISION' as const,
    severity: strict ? ('error' as const) : ('warning' as const),
    target: `${style}${collision.kind === 'prompt' ? ' (prompts)' : ''}`,
    name: collision.name,
    members: collision.members,
    args: {
      cause: 'mangled' as const,
      hint: `${strict ? '' : `exposed as ${collision.exposed.join(' and ')}, names that change if the servers do; `}rename one of the servers in config, pick another --style, or hide one of them with a profile (tools.deny "${collision.members[0]!.server}/${collision.members[0]!.tool}")`,
    },
  }));
}
