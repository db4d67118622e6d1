/**
 * What the status page shows about names: each tool tools/list shows (router mode: the router's listing) as every
 * client shows it (names.ts's `clientFinals`, the rendering client-view.ts's names come from) and the findings judged
 * on what reaches the client through the gateway (client-view.ts's `judgeThroughGateway`, as `serve --dry-run` judges
 * them), worded by the report layer. Recomputed only when the exposure or the catalog changes (a start, a reload, a
 * server's list changing), never per call.
 */
import {
  CATALOG_SCHEMA_VERSION,
  DISCOVERY_ERROR_CODES,
  type Catalog,
  type CatalogServer,
  type CatalogTool,
  type DiscoveryErrorCode,
} from '../../catalog/types.js';
import type { Finding, Severity } from '../../checks/types.js';
import { emptyConfig, type LoadedConfig } from '../../config/loaded.js';
import { getTarget } from '../../naming/index.js';
import { wording } from '../../report/util.js';
import { collisionFindings, judgeThroughGateway } from '../client-view.js';
import type { Gateway } from '../engine.js';
import type { Exposure } from '../exposure.js';
import { INSTALL_CLIENTS } from '../install/types.js';
import { clientFinals, type NamingSettings } from '../names.js';

/** One finding as the page shows it: its code, severity, what it is about, and its rule's wording. */
export interface FindingRow {
  code: string;
  severity: Severity;
  target?: string;
  /** `server/tool`, or the name the finding is about. */
  about: string;
  message: string;
  hint?: string;
}

export interface NamesView {
  /** The clients with a column: every `serve --install` client, and `--for`'s preset when it is another. */
  clients: string[];
  /** Listed tool name (what tools/list shows) → what each client shows (same order as `clients`). */
  names: ReadonlyMap<string, readonly string[]>;
  findings: FindingRow[];
  /** Findings beyond the page's bound (`serve --dry-run` lists them all). */
  findingsOmitted: number;
  /** Every finding, by severity (the bounded list's too). */
  counts: Record<Severity, number>;
}

export interface JudgeSettings {
  naming: NamingSettings;
  /** The configuration in force (a reload replaces it). */
  config?: () => LoadedConfig | undefined;
  strict?: boolean;
}

/** Findings on the page (and in /status.json), the most severe first. */
const MAX_FINDINGS = 200;
/** A finding's message or hint, at most (a megabyte description must not become a megabyte cell). */
const MAX_WORDING = 500;
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** What the page reads of the gateway; without `toolsListed` every exposed tool is listed. */
export type ViewedGateway = Pick<Gateway, 'exposure' | 'status' | 'catalog'> & Partial<Pick<Gateway, 'toolsListed'>>;

/** The view for the gateway's current exposure, listing and catalog, cached until one changes. */
export function createNamesView(gateway: ViewedGateway, settings: JudgeSettings, redact: (text: string) => string): () => NamesView {
  let cached: { exposure: Exposure; listed: unknown; catalog: Catalog | undefined; config: LoadedConfig | undefined; view: NamesView } | undefined;
  return () => {
    const { exposure, catalog, toolsListed: listed } = gateway;
    const config = settings.config?.();
    if (cached?.exposure === exposure && cached.listed === listed && cached.catalog === catalog && cached.config === config) return cached.view;
    const view = namesView(gateway, settings, config, redact);
    cached = { exposure, listed, catalog, config, view };
    return view;
  };
}

function namesView(gateway: ViewedGateway, settings: JudgeSettings, config: LoadedConfig | undefined, redact: (text: string) => string): NamesView {
  const { exposure } = gateway;
  const { naming } = settings;
  const clients: string[] = [...INSTALL_CLIENTS];
  if (naming.for !== undefined && !clients.includes(naming.for)) clients.push(naming.for);
  // Each client is given what tools/list shows (router mode: its own tools and the pinned ones), named as one server.
  const listed = (gateway.toolsListed ?? exposure.tools).map((tool) => String(tool['name']));
  const names = new Map<string, string[]>();
  for (const client of clients) {
    clientFinals(getTarget(client), naming.key, listed).forEach((final, index) => {
      const shown = final.wireName ?? final.name;
      const cell =
        final.dropped !== undefined
          ? `not offered: ${final.dropped}`
          : final.uncut !== undefined
            ? `${shown} (cut from ${final.uncut.length} characters)`
            : shown;
      const row = names.get(listed[index]!);
      if (row) row.push(cell);
      else names.set(listed[index]!, [cell]);
    });
  }
  // Before the first discovery ends there is nothing to judge but the names kept apart.
  const collisions = collisionFindings(exposure, naming.style, settings.strict === true);
  const findings = gateway.catalog
    ? judgeThroughGateway({ catalog: currentCatalog(gateway, gateway.catalog), exposure, config: config ?? emptyConfig(process.cwd()), naming, collisions })
        .findings
    : collisions;
  const sorted = [...findings].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of sorted) counts[finding.severity]++;
  return {
    clients,
    names,
    findings: sorted.slice(0, MAX_FINDINGS).map((finding) => findingRow(finding, redact)),
    findingsOmitted: Math.max(0, sorted.length - MAX_FINDINGS),
    counts,
  };
}

function findingRow(finding: Finding, redact: (text: string) => string): FindingRow {
  const { message, hint } = wording(finding, MAX_WORDING);
  const about = finding.server !== undefined && finding.tool !== undefined ? `${finding.server}/${finding.tool}` : (finding.name ?? finding.server ?? '');
  return {
    code: finding.code,
    severity: finding.severity,
    ...(finding.target !== undefined ? { target: finding.target } : {}),
    about: redact(about),
    message: redact(message),
    ...(hint !== undefined ? { hint: redact(hint) } : {}),
  };
}

/**
 * The first discovery's catalog brought up to now: each server's state as the gateway has it, and the tools it
 * serves now (the discovered entry when there is one, else what the server lists since a reload or a list change).
 */
function currentCatalog(gateway: Pick<Gateway, 'exposure' | 'status'>, first: Catalog): Catalog {
  const known = new Map(first.servers.map((server) => [server.name, server]));
  const servers = gateway.status().map((entry): CatalogServer => {
    const base = known.get(entry.server) ?? { name: entry.server, transport: 'stdio', status: 'ok' as const, toolCount: entry.tools };
    if (entry.status === 'up') {
      const { error: _error, ...up } = base;
      return { ...up, status: 'ok', toolCount: entry.tools };
    }
    if (entry.status !== 'failed' || !entry.error) return base;
    const code = (DISCOVERY_ERROR_CODES as readonly string[]).includes(entry.error.code) ? (entry.error.code as DiscoveryErrorCode) : 'CONNECTION_CLOSED';
    return { ...base, status: 'error', error: { code, message: entry.error.message } };
  });
  const discovered = new Map(first.tools.map((tool) => [`${tool.server}\0${tool.name}`, tool]));
  const tools: CatalogTool[] = [];
  for (const item of gateway.exposure.tools) {
    const route = gateway.exposure.toolRoutes.get(item['name'] as string);
    if (!route) continue;
    const tool = discovered.get(`${route.server}\0${route.name}`);
    tools.push(
      tool ?? {
        server: route.server,
        name: route.name,
        qualifiedName: `${route.server}/${route.name}`,
        inputSchema: item['inputSchema'] && typeof item['inputSchema'] === 'object' ? (item['inputSchema'] as Record<string, unknown>) : {},
        ...(typeof item['title'] === 'string' ? { title: item['title'] } : {}),
        ...(typeof item['description'] === 'string' ? { description: item['description'] } : {}),
      },
    );
  }
  return { ...first, schemaVersion: CATALOG_SCHEMA_VERSION, servers, tools };
}
