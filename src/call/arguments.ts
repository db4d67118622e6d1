import { parseTree, type ParseError } from 'jsonc-parser';
import { jsonSyntaxError, treeValue } from '../config/json-text.js';
import { McpnsError } from '../errors.js';
import { defineOwn } from '../util/own.js';

/** Tool arguments: always a JSON object (MCP `tools/call` params.arguments). */
export type ToolArguments = Record<string, unknown>;

/**
 * Parse `--args` JSON text (inline, a file's content or stdin). Strict JSON: an error names the source
 * with 1-based line and column, so a stray comma in a 40-line file is found at once.
 */
export function parseArgumentsJson(text: string, source = '--args'): ToolArguments {
  const value = parseJsonValue(text, source, {
    file: source.startsWith('--') ? undefined : source,
    hint: `arguments are one JSON object, e.g. --args '{"a":5,"b":3}', or key=value pairs`,
  });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new McpnsError(
      'ARGS_INVALID',
      `${source}: arguments must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      {
        hint: `e.g. --args '{"a":5,"b":3}'`,
      },
    );
  }
  return value as ToolArguments;
}

/** JSON Schema types a property schema allows (`type`, or the union of its anyOf/oneOf branches). */
function schemaTypes(schema: unknown): Set<string> {
  const types = new Set<string>();
  if (!schema || typeof schema !== 'object') return types;
  const node = schema as Record<string, unknown>;
  const type = node['type'];
  if (typeof type === 'string') types.add(type);
  else if (Array.isArray(type)) for (const entry of type) if (typeof entry === 'string') types.add(entry);
  if (types.size === 0 && Array.isArray(node['enum'])) {
    for (const entry of node['enum']) types.add(entry === null ? 'null' : Array.isArray(entry) ? 'array' : typeof entry === 'object' ? 'object' : typeof entry);
  }
  if (types.size === 0 && 'const' in node) {
    const entry = node['const'];
    types.add(entry === null ? 'null' : typeof entry === 'string' ? 'string' : 'json');
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[key];
    if (Array.isArray(branches)) for (const branch of branches) for (const entry of schemaTypes(branch)) types.add(entry);
  }
  return types;
}

/**
 * Turn trailing `key=value` pairs into arguments, typed by the tool's input schema: when the property's
 * schema allows a string (or says nothing), the value stays a string; when it only allows number, integer,
 * boolean, null, array or object, the value is parsed as JSON (and kept as text if that fails, so schema
 * validation reports it with its path). `key:=<json>` always parses JSON (HTTPie's convention).
 */
export function parseKeyValueArguments(pairs: string[], inputSchema: Record<string, unknown> | undefined): ToolArguments {
  const properties = (inputSchema?.['properties'] ?? {}) as Record<string, unknown>;
  const result: ToolArguments = {};
  // Keys are defined, not assigned: "__proto__", "constructor" and "prototype" are ordinary argument names.
  const set = (key: string, value: unknown): void => defineOwn(result, key, value);
  for (const pair of pairs) {
    const forced = /^([^=:]+):=([\s\S]*)$/.exec(pair);
    if (forced) {
      const [, key, json] = forced;
      set(key!, parseJsonValue(json!, `${key}:=`));
      continue;
    }
    const at = pair.indexOf('=');
    if (at <= 0) {
      throw new McpnsError('ARGS_INVALID', `argument "${pair}" is not key=value or key:=<json>`, {
        hint: 'e.g. a=5 b=3, name:=\'"quoted"\', or --args \'{"a":5}\'',
      });
    }
    const key = pair.slice(0, at);
    const raw = pair.slice(at + 1);
    const types = schemaTypes(Object.hasOwn(properties, key) ? properties[key] : undefined);
    if (types.size === 0 || types.has('string')) {
      set(key, raw);
      continue;
    }
    try {
      set(key, JSON.parse(raw));
    } catch {
      set(key, raw);
    }
  }
  return result;
}

/** Strict JSON (no comments, no trailing commas); a syntax error names the source, line and column. */
/** Strict JSON text to a value; a syntax error is ARGS_INVALID naming `source` with line and column. */
export function parseJsonValue(text: string, source: string, extra: { file?: string | undefined; hint?: string } = {}): unknown {
  const errors: ParseError[] = [];
  let tree: ReturnType<typeof parseTree>;
  try {
    tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (error) {
    // jsonc-parser recurses: tens of thousands of nested brackets overflow the stack.
    if (error instanceof RangeError) throw new McpnsError('ARGS_INVALID', `${source}: JSON nested too deeply`, extra.hint ? { hint: extra.hint } : {});
    throw error;
  }
  const syntax = jsonSyntaxError(text, errors);
  if (syntax) {
    const { line, column, message } = syntax;
    throw new McpnsError('ARGS_INVALID', `${source}: invalid JSON at line ${line}, column ${column}: ${message}`, {
      location: { ...(extra.file ? { file: extra.file } : {}), line, column },
      ...(extra.hint ? { hint: extra.hint } : {}),
    });
  }
  // From the tree, not jsonc-parser's value: that assigns keys, so a "__proto__" key would silently disappear.
  return tree ? treeValue(tree) : undefined;
}

/** `--args` and key=value pairs together: pairs override keys of the JSON object. */
export function mergeArguments(base: ToolArguments | undefined, pairs: ToolArguments): ToolArguments {
  return { ...(base ?? {}), ...pairs };
}
