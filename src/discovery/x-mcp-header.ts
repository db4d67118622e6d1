/**
 * SEP-2243 (2026-07-28): a tool parameter marked `"x-mcp-header": "<Name>"` is mirrored into an `Mcp-Param-<Name>`
 * HTTP header on `tools/call`. A Streamable HTTP client MUST exclude a tool whose marks break the rules (the server
 * would refuse every call of it): the mark must be a non-empty RFC 9110 token, unique without regard to case, on a
 * primitive property reached from the root through `properties` only. The SDK's client applies the same rules inside
 * its own `listTools()`, which mcpns does not use (it keeps the other tools of a page with a malformed one).
 */

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean', 'number']);
/** Keywords under which a mark is not reachable through `properties` (and is therefore an error). */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
];
const OBJECT_VALUED = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

const KEY = 'x-mcp-header';

/** Whether a schema marks any parameter (cheap: most tools have none). */
export function hasHeaderMarks(inputSchema: unknown): boolean {
  return inputSchema !== null && typeof inputSchema === 'object' && JSON.stringify(inputSchema).includes(`"${KEY}"`);
}

/** Why the marks of `inputSchema` break SEP-2243, or undefined when they are fine (or absent). Iterative. */
export function headerMarkProblem(inputSchema: unknown): string | undefined {
  if (!hasHeaderMarks(inputSchema)) return undefined;
  const seen = new Map<string, string>();
  const stack: Array<{ node: unknown; path: string[]; reachable: boolean }> = [{ node: inputSchema, path: [], reachable: true }];
  while (stack.length) {
    const { node, path, reachable } = stack.pop()!;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const schema = node as Record<string, unknown>;
    const where = path.length ? path.join('.') : '(root)';
    if (Object.prototype.hasOwnProperty.call(schema, KEY)) {
      const mark = schema[KEY];
      if (!reachable || path.length === 0) return `${where}: ${KEY} is allowed only on a property reached through "properties"`;
      if (typeof mark !== 'string' || mark === '') return `${where}: ${KEY} must be a non-empty string`;
      if (!TOKEN.test(mark)) return `${where}: ${KEY} ${JSON.stringify(mark)} is not a valid header name`;
      if (typeof schema['type'] !== 'string' || !PRIMITIVE.has(schema['type'])) {
        return `${where}: ${KEY} is allowed only on a string, integer, number or boolean property`;
      }
      const other = seen.get(mark.toLowerCase());
      if (other !== undefined) return `${where}: ${KEY} ${JSON.stringify(mark)} repeats ${JSON.stringify(other)} (header names ignore case)`;
      seen.set(mark.toLowerCase(), mark);
    }
    const properties = schema['properties'];
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      // Reversed onto the stack: properties are checked in their declared order.
      for (const [name, child] of Object.entries(properties).reverse()) stack.push({ node: child, path: [...path, name], reachable });
    }
    for (const keyword of UNREACHABLE) {
      const sub = schema[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub) ? sub : OBJECT_VALUED.has(keyword) && sub !== null && typeof sub === 'object' ? Object.values(sub) : [sub];
      for (const branch of branches) stack.push({ node: branch, path: [...path, `<${keyword}>`], reachable: false });
    }
  }
  return undefined;
}
