/**
 * A hand-written fast path for the catalog schema in read.ts, for catalogs of a million tools: zod copies every
 * object it checks (about a third of the read time and twice the memory at that size). This accepts only what the
 * zod schema accepts and returns the same data — the same keys in the same order (zod puts a loose object's declared
 * keys first, then the rest) — reusing the parsed objects instead of copying them. On anything it is not sure about
 * it returns undefined and the zod schema decides (and words the error). A property test keeps the two in step.
 */

import { CATALOG_SCHEMA_VERSION, DISCOVERY_ERROR_CODES, SERVER_STATUSES } from './types.js';
import type { CatalogFile } from './read.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const optional =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || check(value);
const isRecord = (value: unknown): boolean => isObject(value);
const isStringRecord = (value: unknown): boolean => {
  if (!isObject(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key) && !isString(value[key])) return false;
  return true;
};
const isStringArray = (value: unknown): boolean => Array.isArray(value) && value.every(isString);

/** A loose object's declared keys, in declaration order, with the check of each value. */
type Shape = ReadonlyArray<readonly [key: string, check: (value: unknown) => boolean]>;

/**
 * `value` when it is an object matching `shape` with its declared keys already first and in order (no copy), a
 * reordered shallow copy when only the order differs, undefined when it does not match.
 */
function looseObject(value: unknown, shape: Shape): Json | undefined {
  if (!isObject(value)) return undefined;
  for (const [key, check] of shape) if (!check(value[key])) return undefined;
  return inShapeOrder(value, shape) ? value : reorder(value, shape);
}

function inShapeOrder(value: Json, shape: Shape): boolean {
  let next = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // Skip declared keys that are absent; the next present key must be the next declared one, or an undeclared one
    // after every declared key that is present.
    while (next < shape.length && !Object.hasOwn(value, shape[next]![0])) next++;
    if (next < shape.length) {
      if (shape[next]![0] !== key) return false;
      next++;
    } else if (shape.some(([declared]) => declared === key)) return false;
  }
  return true;
}

function reorder(value: Json, shape: Shape): Json {
  const copy: Json = {};
  const declared = new Set<string>();
  for (const [key] of shape) {
    declared.add(key);
    if (Object.hasOwn(value, key) && value[key] !== undefined) copy[key] = value[key];
  }
  for (const key in value) if (Object.hasOwn(value, key) && !declared.has(key)) copy[key] = value[key];
  return copy;
}

const nested =
  (shape: Shape) =>
  (value: unknown): boolean =>
    value === undefined || looseObject(value, shape) === value;

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isFiniteNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const oneOf = (values: readonly string[]) => {
  const allowed = new Set(values);
  return (value: unknown): boolean => typeof value === 'string' && allowed.has(value);
};

const ANNOTATIONS: Shape = [
  ['title', optional(isString)],
  ['readOnlyHint', optional(isBoolean)],
  ['destructiveHint', optional(isBoolean)],
  ['idempotentHint', optional(isBoolean)],
  ['openWorldHint', optional(isBoolean)],
];
const HIDDEN: Shape = [
  ['by', isString],
  ['reason', isString],
];
const TOOL: Shape = [
  ['server', isString],
  ['name', isString],
  ['qualifiedName', optional(isString)],
  ['title', optional(isString)],
  ['description', optional(isString)],
  ['inputSchema', optional(isRecord)],
  ['outputSchema', optional(isRecord)],
  ['annotations', nested(ANNOTATIONS)],
  ['_meta', optional(isRecord)],
  ['hidden', nested(HIDDEN)],
  ['hashes', optional(isStringRecord)],
  ['listIndex', optional((value) => Number.isSafeInteger(value) && (value as number) >= 0)],
];
const SERVER_INFO: Shape = [
  ['name', isString],
  ['version', optional(isString)],
  ['title', optional(isString)],
];
const ERROR: Shape = [
  ['code', oneOf(DISCOVERY_ERROR_CODES)],
  ['message', isString],
];
const MALFORMED: Shape = [
  ['index', isFiniteNumber],
  ['name', optional(isString)],
  ['problems', isStringArray],
];
const SERVER: Shape = [
  ['name', isString],
  ['transport', optional(isString)],
  ['source', optional(isString)],
  ['client', optional(isString)],
  ['status', oneOf(SERVER_STATUSES)],
  ['durationMs', optional(isFiniteNumber)],
  ['serverInfo', nested(SERVER_INFO)],
  ['protocolVersion', optional(isString)],
  ['capabilities', optional(isRecord)],
  ['instructions', optional(isString)],
  ['error', nested(ERROR)],
  ['toolCount', optional((value) => Number.isSafeInteger(value) && (value as number) >= 0)],
  ['pages', optional(isFiniteNumber)],
  ['malformedTools', optional((value) => Array.isArray(value) && value.every((entry) => looseObject(entry, MALFORMED) === entry))],
  ['notes', optional(isStringArray)],
];

/**
 * The catalog document as `CatalogFileSchema` would return it, or undefined when the fast path cannot vouch for it.
 * Objects whose keys are already in schema order are returned as they are; others are reordered shallow copies.
 */
export function fastCatalogFile(value: unknown): CatalogFile | undefined {
  if (!isObject(value)) return undefined;
  const { servers, tools } = value;
  if (!Array.isArray(servers) || !Array.isArray(tools)) return undefined;
  for (let index = 0; index < servers.length; index++) {
    const server = looseObject(servers[index], SERVER);
    if (!server) return undefined;
    servers[index] = server;
  }
  for (let index = 0; index < tools.length; index++) {
    const tool = looseObject(tools[index], TOOL);
    if (!tool) return undefined;
    tools[index] = tool;
  }
  // Checked against zod's output by test/unit/catalog/fast-read.property.test.ts.
  return looseObject(value, [
    ['schemaVersion', (version) => version === CATALOG_SCHEMA_VERSION],
    ['generatedAt', optional(isString)],
    ['style', optional(isString)],
    ['servers', () => true],
    ['tools', () => true],
  ]) as CatalogFile | undefined;
}
