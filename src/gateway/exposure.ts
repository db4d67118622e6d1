/**
 * What the gateway exposes, computed from what each upstream offers: tools and prompts under their exposed names,
 * resources and templates under their exposed URIs, and the maps that route each exposed name or URI back to its
 * server. Pure and deterministic: servers and items are taken in sorted order, so start order never changes a name.
 */
import type { ToolRef } from '../catalog/types.js';
import { markShared, type Mark } from './marks.js';
import { exposeNames, type NamingSettings, type ShortenedName } from './names.js';
import type { JsonObject } from './upstream.js';
import { matchesTemplate, namespaceTemplate, namespaceUri, parseNamespacedUri, templatePrefix } from './uris.js';

/** What one upstream offers (tools already filtered by client filters and the profile). */
export interface Offer {
  server: string;
  tools: JsonObject[];
  prompts: JsonObject[];
  resources: JsonObject[];
  templates: JsonObject[];
}

export interface Route {
  server: string;
  /** The upstream's own name (or URI). */
  name: string;
}

export interface Exposure {
  tools: JsonObject[];
  prompts: JsonObject[];
  resources: JsonObject[];
  templates: JsonObject[];
  toolRoutes: Map<string, Route>;
  promptRoutes: Map<string, Route>;
  /** Exposed URI → server and upstream URI, for listed resources. */
  uriRoutes: Map<string, Route>;
  /** Per server: the upstream URIs (and template literal prefixes) that are namespaced, so results are rewritten. */
  namespaced: Map<string, { uris: Set<string>; templates: string[] }>;
  /** Every template, upstream form and exposed form, for routing expanded URIs and completion references. */
  templateRoutes: Array<{ server: string; template: string; exposed: string; namespaced: boolean }>;
  servers: ReadonlySet<string>;
  shortened: Array<ShortenedName & { kind: 'tool' | 'prompt' }>;
  /** Pairs the style names alike, kept apart by their pair's hash (`exposed`): reported, refused with `--strict`. */
  collisions: Array<{ kind: 'tool' | 'prompt'; name: string; members: ToolRef[]; exposed: string[] }>;
  /** Titles (and with `markDescriptions`, descriptions) given a server mark: tools several servers offer alike. */
  marked: Mark[];
}

const byName = (key: string) => (a: JsonObject, b: JsonObject) => compare(String(a[key]), String(b[key]));
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function computeExposure(offers: readonly Offer[], naming: NamingSettings): Exposure {
  const sorted = [...offers].sort((a, b) => compare(a.server, b.server));
  const servers = sorted.map((offer) => offer.server);
  const exposure: Exposure = {
    tools: [],
    prompts: [],
    resources: [],
    templates: [],
    toolRoutes: new Map(),
    promptRoutes: new Map(),
    uriRoutes: new Map(),
    namespaced: new Map(servers.map((server) => [server, { uris: new Set<string>(), templates: [] }])),
    templateRoutes: [],
    servers: new Set(servers),
    shortened: [],
    collisions: [],
    marked: [],
  };
  for (const kind of ['tool', 'prompt'] as const) {
    const items: Array<{ server: string; item: JsonObject }> = [];
    for (const offer of sorted) {
      const list = kind === 'tool' ? offer.tools : offer.prompts;
      for (const item of [...list].sort(byName('name'))) if (typeof item['name'] === 'string') items.push({ server: offer.server, item });
    }
    const pairs = items.map(({ server, item }) => ({ server, tool: item['name'] as string }));
    const named = exposeNames(servers, pairs, naming);
    exposure.collisions.push(...named.collisions.map((collision) => ({ kind, ...collision })));
    exposure.shortened.push(...named.shortened.map((entry) => ({ ...entry, kind })));
    const routes = kind === 'tool' ? exposure.toolRoutes : exposure.promptRoutes;
    const out = kind === 'tool' ? exposure.tools : exposure.prompts;
    items.forEach(({ server, item }, index) => {
      const upstreamName = item['name'] as string;
      const name = named.names[index]!;
      if (routes.has(name)) return; // a server listing the same name twice: its first entry is the one routed
      routes.set(name, { server, name: upstreamName });
      out.push(kind === 'tool' ? rewriteToolMeta({ ...item, name }, server, exposure) : { ...item, name });
    });
  }
  const origin = exposure.tools.map((tool) => exposure.toolRoutes.get(tool['name'] as string)!);
  ({ tools: exposure.tools, marks: exposure.marked } = markShared(exposure.tools, origin, { descriptions: naming.markDescriptions }));
  exposeResources(sorted, exposure);
  // Tools' `_meta.ui.resourceUri` may name a namespaced resource: rewritten once the resource set is known.
  exposure.tools = exposure.tools.map((tool) => rewriteToolMeta(tool, exposure.toolRoutes.get(tool['name'] as string)!.server, exposure));
  return exposure;
}

function exposeResources(sorted: readonly Offer[], exposure: Exposure): void {
  const owners = new Map<string, Set<string>>();
  const templateOwners = new Map<string, Set<string>>();
  for (const offer of sorted) {
    for (const resource of offer.resources) if (typeof resource['uri'] === 'string') addOwner(owners, resource['uri'], offer.server);
    for (const template of offer.templates) if (typeof template['uriTemplate'] === 'string') addOwner(templateOwners, template['uriTemplate'], offer.server);
  }
  for (const offer of sorted) {
    const namespaced = exposure.namespaced.get(offer.server)!;
    for (const resource of [...offer.resources].sort(byName('uri'))) {
      const uri = resource['uri'];
      if (typeof uri !== 'string') continue;
      const shared = (owners.get(uri)?.size ?? 0) > 1;
      const exposed = shared ? namespaceUri(offer.server, uri) : uri;
      if (shared) namespaced.uris.add(uri);
      if (exposure.uriRoutes.has(exposed)) continue;
      exposure.uriRoutes.set(exposed, { server: offer.server, name: uri });
      exposure.resources.push({ ...resource, uri: exposed });
    }
    for (const template of [...offer.templates].sort(byName('uriTemplate'))) {
      const uriTemplate = template['uriTemplate'];
      if (typeof uriTemplate !== 'string') continue;
      const shared = (templateOwners.get(uriTemplate)?.size ?? 0) > 1;
      const exposed = shared ? namespaceTemplate(offer.server, uriTemplate) : uriTemplate;
      if (shared) namespaced.templates.push(templatePrefix(uriTemplate));
      exposure.templateRoutes.push({ server: offer.server, template: uriTemplate, exposed, namespaced: shared });
      exposure.templates.push({ ...template, uriTemplate: exposed });
    }
  }
}

function addOwner(map: Map<string, Set<string>>, key: string, server: string): void {
  const set = map.get(key);
  if (set) set.add(server);
  else map.set(key, new Set([server]));
}

/** Where a downstream URI goes: a listed resource, a namespaced URI, or an expansion of exactly one server's template. */
export function routeUri(exposure: Exposure, uri: string): Route | undefined {
  const listed = exposure.uriRoutes.get(uri);
  if (listed) return listed;
  const parsed = parseNamespacedUri(uri, exposure.servers);
  if (parsed) return { server: parsed.server, name: parsed.uri };
  const candidates = exposure.templateRoutes.filter(
    (route) => !route.namespaced && uri.startsWith(templatePrefix(route.template)) && matchesTemplate(route.template, uri),
  );
  const servers = new Set(candidates.map((candidate) => candidate.server));
  if (servers.size === 1) return { server: candidates[0]!.server, name: uri };
  return undefined;
}

/** The URI the downstream sees for an upstream URI of `server` (namespaced when that URI is shared). */
export function exposeUri(exposure: Exposure, server: string, uri: string): string {
  const namespaced = exposure.namespaced.get(server);
  if (!namespaced) return uri;
  if (namespaced.uris.has(uri)) return namespaceUri(server, uri);
  if (namespaced.templates.some((prefix) => uri.startsWith(prefix))) {
    const shared = exposure.templateRoutes.find((route) => route.server === server && route.namespaced && matchesTemplate(route.template, uri));
    if (shared) return namespaceUri(server, uri);
  }
  return uri;
}

/**
 * Rewrite every URI a result carries (resource contents, resource links, embedded resources, `_meta.ui.resourceUri`)
 * to its exposed form. Returns the same object when nothing of `server` is namespaced (the common case: no copy).
 */
export function rewriteResult(result: JsonObject, server: string, exposure: Exposure): JsonObject {
  const namespaced = exposure.namespaced.get(server);
  if (!namespaced || (namespaced.uris.size === 0 && namespaced.templates.length === 0)) return result;
  const fix = (uri: unknown): unknown => (typeof uri === 'string' ? exposeUri(exposure, server, uri) : uri);
  const block = (value: unknown): unknown => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const item = { ...(value as JsonObject) };
    if (item['type'] === 'resource_link' || (item['uri'] !== undefined && item['type'] === undefined)) item['uri'] = fix(item['uri']);
    if (item['type'] === 'resource' && item['resource'] && typeof item['resource'] === 'object') {
      item['resource'] = { ...(item['resource'] as JsonObject), uri: fix((item['resource'] as JsonObject)['uri']) };
    }
    return rewriteMetaUi(item, fix);
  };
  const out: JsonObject = rewriteMetaUi({ ...result }, fix);
  if (Array.isArray(out['content'])) out['content'] = out['content'].map(block);
  if (Array.isArray(out['contents'])) out['contents'] = out['contents'].map(block);
  if (Array.isArray(out['messages'])) {
    out['messages'] = out['messages'].map((message) =>
      message && typeof message === 'object' ? { ...(message as JsonObject), content: block((message as JsonObject)['content']) } : message,
    );
  }
  return out;
}

function rewriteMetaUi(item: JsonObject, fix: (uri: unknown) => unknown): JsonObject {
  const meta = item['_meta'];
  if (!meta || typeof meta !== 'object') return item;
  const ui = (meta as JsonObject)['ui'];
  if (!ui || typeof ui !== 'object' || typeof (ui as JsonObject)['resourceUri'] !== 'string') return item;
  return { ...item, _meta: { ...(meta as JsonObject), ui: { ...(ui as JsonObject), resourceUri: fix((ui as JsonObject)['resourceUri']) } } };
}

function rewriteToolMeta(tool: JsonObject, server: string, exposure: Exposure): JsonObject {
  return rewriteMetaUi(tool, (uri) => (typeof uri === 'string' ? exposeUri(exposure, server, uri) : uri));
}
