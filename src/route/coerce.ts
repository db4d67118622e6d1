/**
 * Typing captured text by the tool's input schema. A regular expression only ever captures strings, but
 * `calculator/add` wants numbers: "2" must become 2 before validation, exactly as `call` types `a=2`.
 * A value the schema's types cannot take stays a string, so validation reports it with its path.
 */
type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Resolve a local `$ref` ("#/$defs/x", "#/definitions/x") against the root schema; other refs stay unresolved. */
export function derefSchema(schema: unknown, root: unknown): Schema | undefined {
  let node = schema;
  for (let depth = 0; depth < 10 && isSchema(node) && typeof node['$ref'] === 'string'; depth++) {
    const ref = node['$ref'];
    if (!ref.startsWith('#/')) return node;
    let target: unknown = root;
    for (const segment of ref.slice(2).split('/')) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isSchema(target) ? target[key] : undefined;
    }
    node = target;
  }
  return isSchema(node) ? node : undefined;
}

/** JSON Schema types a schema allows: `type`, enum/const values, and the union of anyOf/oneOf/allOf branches. */
export function schemaTypes(schema: unknown, root: unknown = schema): Set<string> {
  const types = new Set<string>();
  const node = derefSchema(schema, root);
  if (!node) return types;
  const type = node['type'];
  if (typeof type === 'string') types.add(type);
  else if (Array.isArray(type)) for (const entry of type) if (typeof entry === 'string') types.add(entry);
  const values = Array.isArray(node['enum']) ? node['enum'] : 'const' in node ? [node['const']] : [];
  if (types.size === 0) for (const value of values) types.add(jsonType(value));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[key];
    if (Array.isArray(branches)) for (const branch of branches) for (const entry of schemaTypes(branch, root)) types.add(entry);
  }
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The sub-schema for an object property or array item (through $ref and the first branch that has it). */
export function childSchema(schema: unknown, key: string | number, root: unknown): Schema | undefined {
  const node = derefSchema(schema, root);
  if (!node) return undefined;
  if (typeof key === 'number') {
    const items = node['items'];
    if (isSchema(items)) return derefSchema(items, root);
    const prefix = node['prefixItems'];
    if (Array.isArray(prefix)) return derefSchema(prefix[key], root);
  } else {
    const properties = node['properties'];
    if (isSchema(properties) && key in properties) return derefSchema(properties[key], root);
    const additional = node['additionalProperties'];
    if (isSchema(additional)) return derefSchema(additional, root);
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    const branches = node[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = childSchema(branch, key, root);
      if (found) return found;
    }
  }
  return undefined;
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', 'y']);
const FALSE_WORDS = new Set(['false', 'no', 'off', 'n']);

/**
 * Coerce captured text to what the schema allows. A schema that allows strings (or says nothing) keeps
 * the text; otherwise, in order: integer/number ("2" → 2), boolean (true/yes/on, false/no/off), null,
 * array (JSON, else a comma-separated list typed by `items`), object (JSON). No fit → the text unchanged.
 */
export function coerceText(raw: string, schema: unknown, root: unknown = schema): unknown {
  const types = schemaTypes(schema, root);
  if (types.size === 0 || types.has('string')) return raw;
  const text = raw.trim();
  if ((types.has('integer') || types.has('number')) && /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number) && (types.has('number') || Number.isInteger(number))) return number;
  }
  if (types.has('boolean')) {
    const word = text.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  if (types.has('null') && text.toLowerCase() === 'null') return null;
  if (types.has('array')) {
    const parsed = tryJson(text);
    if (Array.isArray(parsed)) return parsed;
    const items = childSchema(schema, 0, root);
    return text
      .split(/\s*,\s*|\s+and\s+/i)
      .filter((part) => part !== '')
      .map((part) => coerceText(part, items, root));
  }
  if (types.has('object')) {
    const parsed = tryJson(text);
    if (isSchema(parsed)) return parsed;
  }
  return raw;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
