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
 * so mapping parts back must not rescan the lists each time.
 */
const serverIndexes = new WeakMap<readonly string[], Map<Form, { exact: Set<string>; byForm: Map<string, string[]> }>>();
const toolIndexes = new WeakMap<readonly ToolRef[], Map<Form, { exact: Set<string>; byForm: Map<string, string[]> }>>();

function indexFor<K extends object>(
  cache: WeakMap<K, Map<Form, { exact: Set<string>; byForm: Map<string, string[]> }>>,
  list: K,
  form: Form,
  entries: () => Iterable<[exactKey: string, formKey: string, value: string]>,
): { exact: Set<string>; byForm: Map<string, string[]> } {
  let perForm = cache.get(list);
  if (!perForm) cache.set(list, (perForm = new Map()));
  let index = perForm.get(form);
  if (!index) {
    index = { exact: new Set(), byForm: new Map() };
    for (const [exactKey, formKey, value] of entries()) {
      index.exact.add(exactKey);
      const bucket = index.byForm.get(formKey);
      if (!bucket) index.byForm.set(formKey, [value]);
      else if (!bucket.includes(value)) bucket.push(value);
    }
    perForm.set(form, index);
  }
  return index;
}

/**
 * Map a parsed server part back to a configured server, as a product holding only the sanitized form would:
 * an exact match wins, else the single server whose `form` equals the part; several candidates stay unresolved.
 */
export function resolveServer(part: string, servers: string[], form: Form = IDENTITY): string {
  const index = indexFor(serverIndexes, servers, form, function* () {
    for (const server of servers) yield [server, form(server), server];
  });
  if (index.exact.has(part)) return part;
  const matches = index.byForm.get(part);
  return matches?.length === 1 ? matches[0]! : part;
}

/** Same for a tool part, among the tools of `server` (only when the caller passed the tool list). */
export function resolveTool(server: string, part: string, tools: ToolRef[] | undefined, form: Form = IDENTITY): string {
  if (!tools) return part;
  const index = indexFor(toolIndexes, tools, form, function* () {
    for (const ref of tools) yield [`${ref.server}\0${ref.tool}`, `${ref.server}\0${form(ref.tool)}`, ref.tool];
  });
  if (index.exact.has(`${server}\0${part}`)) return part;
  const matches = index.byForm.get(`${server}\0${part}`);
  return matches?.length === 1 ? matches[0]! : part;
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
