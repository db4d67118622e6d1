import type { ToolRef } from '../catalog/types.js';

/** Split at the first `separator`; undefined when absent or when either side would be empty. */
export function splitFirst(name: string, separator: string): [string, string] | undefined {
  const at = name.indexOf(separator);
  if (at <= 0) return undefined;
  const rest = name.slice(at + separator.length);
  return rest.length === 0 ? undefined : [name.slice(0, at), rest];
}

type Form = (value: string) => string;
const IDENTITY: Form = (value) => value;

/**
 * Indexes built once per (list, form) pair: parse is called for every rendered name of a 100 000-tool catalog,
 * so mapping parts back must not rescan the lists each time. Keys are nested (server → part), never concatenated:
 * a million lookups must not build a million strings.
 */
interface PartIndex {
  /** Exact parts, per server ('' for the server list itself). */
  exact: Map<string, Set<string>>;
  /** form(part) → the distinct originals with that form, per server. */
  byForm: Map<string, Map<string, string[]>>;
}
const serverIndexes = new WeakMap<readonly string[], Map<Form, PartIndex>>();
const toolIndexes = new WeakMap<readonly ToolRef[], Map<Form, PartIndex>>();

/** The index of `list` under `form`, built on first use from its (scope, value) entries. */
function indexFor<K extends object>(
  cache: WeakMap<K, Map<Form, PartIndex>>,
  list: K,
  form: Form,
  fill: (add: (scope: string, value: string) => void) => void,
): PartIndex {
  let perForm = cache.get(list);
  const cached = perForm?.get(form);
  if (cached) return cached;
  if (!perForm) cache.set(list, (perForm = new Map()));
  const index: PartIndex = { exact: new Map(), byForm: new Map() };
  fill((scope, value) => {
    let exact = index.exact.get(scope);
    if (!exact) index.exact.set(scope, (exact = new Set()));
    exact.add(value);
    if (form === IDENTITY) return; // an identity form finds nothing the exact parts do not
    let byForm = index.byForm.get(scope);
    if (!byForm) index.byForm.set(scope, (byForm = new Map()));
    const key = form(value);
    const bucket = byForm.get(key);
    if (!bucket) byForm.set(key, [value]);
    else if (!bucket.includes(value)) bucket.push(value);
  });
  perForm.set(form, index);
  return index;
}

/** The part itself when it exists exactly, else the single original whose form equals it, else the part unchanged. */
function resolvePart(index: PartIndex, scope: string, part: string): string {
  if (index.exact.get(scope)?.has(part)) return part;
  const matches = index.byForm.get(scope)?.get(part);
  return matches?.length === 1 ? matches[0]! : part;
}

const fillServers =
  (servers: readonly string[]) =>
  (add: (scope: string, value: string) => void): void => {
    for (const server of servers) add('', server);
  };
const fillTools =
  (tools: readonly ToolRef[]) =>
  (add: (scope: string, value: string) => void): void => {
    for (const ref of tools) add(ref.server, ref.tool);
  };

/**
 * Map a parsed server part back to a configured server, as a product holding only the sanitized form would:
 * an exact match wins, else the single server whose `form` equals the part; several candidates stay unresolved.
 */
export function resolveServer(part: string, servers: string[], form: Form = IDENTITY): string {
  const index = serverIndexes.get(servers)?.get(form) ?? indexFor(serverIndexes, servers, form, fillServers(servers));
  return resolvePart(index, '', part);
}

/** Same for a tool part, among the tools of `server` (only when the caller passed the tool list). */
export function resolveTool(server: string, part: string, tools: ToolRef[] | undefined, form: Form = IDENTITY): string {
  if (!tools) return part;
  const index = toolIndexes.get(tools)?.get(form) ?? indexFor(toolIndexes, tools, form, fillTools(tools));
  return resolvePart(index, server, part);
}

/** Parse helper for "split at the first separator" targets with optional sanitized forms. */
export function splitParser(
  separator: string,
  serverForm: Form = IDENTITY,
  toolForm: Form = IDENTITY,
): (name: string, servers: string[], tools?: ToolRef[]) => ToolRef | undefined {
  return (name, servers, tools) => {
    const parts = splitFirst(name, separator);
    if (!parts) return undefined;
    const server = resolveServer(parts[0], servers, serverForm);
    return { server, tool: resolveTool(server, parts[1], tools, toolForm) };
  };
}
