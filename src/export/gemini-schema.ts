/**
 * Gemini `functionDeclarations[].parameters` accept an OpenAPI 3.0 subset of JSON Schema, and requests with
 * other keywords (`$schema`, `additionalProperties`, `$ref`, `const`…) are rejected. This converts a tool's
 * inputSchema into that subset and records every change, so nothing is dropped silently:
 * - kept: type, format, title, description, nullable, enum, default, properties, required, items,
 *   minItems/maxItems, minimum/maximum, minLength/maxLength, pattern, anyOf, minProperties/maxProperties,
 *   propertyOrdering;
 * - converted: `type: [T, "null"]` → `type: T, nullable: true`; `const: v` → `enum: [v]`; `oneOf` → `anyOf`;
 *   local `$ref` (`#/$defs/…`, `#/definitions/…`) inlined (a recursive one is replaced by `{type: object}`);
 * - stripped (noted): everything else.
 */
const KEEP = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'default',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'minProperties',
  'maxProperties',
  'propertyOrdering',
]);

export interface GeminiSchemaResult {
  schema: Record<string, unknown>;
  /** "path: what changed", e.g. "properties.x: stripped additionalProperties". */
  notes: string[];
}

/** Deepest schema nesting converted (inlined $refs add levels); deeper parts become {type: object}, noted. */
const MAX_DEPTH = 128;
/** Schema nodes produced per tool: $refs that reference each other twice per level would otherwise double each level. */
const MAX_NODES = 20_000;

export function toGeminiSchema(input: Record<string, unknown>): GeminiSchemaResult {
  const notes: string[] = [];
  const root = input;
  let produced = 0;
  const convert = (node: unknown, path: string, refs: string[], depth = 0): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    if (depth > MAX_DEPTH || ++produced > MAX_NODES) {
      if (depth > MAX_DEPTH) notes.push(`${path || '(root)'}: nested deeper than ${MAX_DEPTH} levels; replaced by {type: object}`);
      else if (produced === MAX_NODES + 1)
        notes.push(`${path || '(root)'}: schema larger than ${MAX_NODES} nodes (after inlining $refs); the rest replaced by {type: object}`);
      return { type: 'object' };
    }
    let source = node as Record<string, unknown>;
    const ref = source['$ref'];
    if (typeof ref === 'string') {
      const target = resolveLocalRef(root, ref);
      if (!target || refs.includes(ref)) {
        notes.push(`${path || '(root)'}: ${target ? 'recursive' : 'unresolvable'} $ref ${ref} replaced by {type: object}`);
        return { type: 'object' };
      }
      notes.push(`${path || '(root)'}: inlined $ref ${ref}`);
      const { $ref: _ref, ...siblings } = source;
      source = { ...target, ...siblings };
      refs = [...refs, ref];
    }
    const out: Record<string, unknown> = {};
    const stripped: string[] = [];
    for (const [key, value] of Object.entries(source)) {
      const at = path ? `${path}.${key}` : key;
      if (key === 'type' && Array.isArray(value)) {
        const types = value.filter((entry) => entry !== 'null');
        if (value.includes('null')) out['nullable'] = true;
        out['type'] = types[0] ?? 'string';
        if (types.length > 1) notes.push(`${at}: union type ${JSON.stringify(value)} reduced to ${JSON.stringify(types[0])}`);
        continue;
      }
      if (key === 'const') {
        out['enum'] = [value];
        notes.push(`${at}: const converted to enum`);
        continue;
      }
      if (key === 'oneOf' && Array.isArray(value)) {
        out['anyOf'] = value.map((entry, index) => convert(entry, `${at}[${index}]`, refs, depth + 1));
        notes.push(`${at}: oneOf converted to anyOf`);
        continue;
      }
      if (!KEEP.has(key)) {
        stripped.push(key);
        continue;
      }
      if (key === 'properties' && value && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub, `${at}.${name}`, refs, depth + 1)]));
      } else if (key === 'items') {
        out[key] = Array.isArray(value) ? convert(value[0], `${at}[0]`, refs, depth + 1) : convert(value, at, refs, depth + 1);
      } else if (key === 'anyOf' && Array.isArray(value)) {
        out[key] = value.map((entry, index) => convert(entry, `${at}[${index}]`, refs, depth + 1));
      } else {
        out[key] = value;
      }
    }
    if (stripped.length) notes.push(`${path || '(root)'}: stripped ${stripped.sort().join(', ')}`);
    if (out['type'] === 'object' && out['properties'] && Object.keys(out['properties'] as object).length === 0) delete out['properties'];
    return out;
  };
  const schema = convert(input, '', []) as Record<string, unknown>;
  return { schema, notes };
}

function resolveLocalRef(root: Record<string, unknown>, ref: string): Record<string, unknown> | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined; // malformed %-escape in a server's $ref
    }
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
}
