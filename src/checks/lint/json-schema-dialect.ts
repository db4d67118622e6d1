import { createAjv, type AjvInstance, type SchemaDialect } from '../../util/json-schema.js';

/**
 * Validate a tool's input schema as JSON Schema for its declared dialect (MCP: `$schema`
 * absent → 2020-12). Schemas of plain keywords are vouched for by a walk (`plainlyValid`); for the rest, one ajv
 * instance per dialect, created on first use, with results cached by the schema's JSON text because many tools share
 * the same schema.
 */
type Dialect = SchemaDialect;

const DIALECT_IDS: Record<Dialect, string> = {
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/** `$schema` URIs compared without scheme difference, trailing `#` or case. */
const normalize = (uri: string): string =>
  uri
    .trim()
    .toLowerCase()
    .replace(/^https:/, 'http:')
    .replace(/#$/, '');
const KNOWN = new Map<string, Dialect>((Object.entries(DIALECT_IDS) as Array<[Dialect, string]>).map(([dialect, id]) => [normalize(id), dialect]));

type AnyAjv = AjvInstance;
const instances = new Map<Dialect, AnyAjv>();

function ajvFor(dialect: Dialect): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // strict: false — tool schemas carry vendor keywords; formats are not validated (we check schemas, not data).
    const options = { strict: false, validateFormats: false, logger: false, allErrors: false } as const;
    ajv = createAjv(dialect, options);
    instances.set(dialect, ajv);
  }
  return ajv;
}

const results = new Map<string, string | undefined>();
const MAX_CACHED = 5000;

/** Why `schema` is not a valid object schema for its dialect, or undefined when it is. */
export function inputSchemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return `must be a JSON object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`;
  }
  const record = schema as Record<string, unknown>;
  if (record['type'] !== 'object') {
    return `"type" must be "object"${record['type'] === undefined ? ' (it is missing)' : `, got ${JSON.stringify(record['type'])}`}`;
  }
  // Almost every tool's schema is made of a few plain keywords: a walk vouches for those, with no text made of them.
  if (record['$schema'] === undefined && plainlyValid(record, 0)) return undefined;
  let key: string;
  try {
    key = JSON.stringify(schema);
  } catch {
    return 'cannot be serialised as JSON';
  }
  if (results.has(key)) return results.get(key);
  const problem = ajvSchemaProblem(record);
  if (results.size >= MAX_CACHED) results.clear();
  results.set(key, problem);
  return problem;
}

/** What ajv says of a schema (the decision for every schema the walk does not vouch for). */
export function ajvSchemaProblem(schema: Record<string, unknown>): string | undefined {
  const declared = schema['$schema'];
  let dialect: Dialect = '2020-12';
  if (declared !== undefined) {
    if (typeof declared !== 'string') return '"$schema" must be a string';
    const known = KNOWN.get(normalize(declared));
    if (!known) return `unsupported "$schema" ${JSON.stringify(declared)} (supported: draft-07, 2019-09, 2020-12)`;
    dialect = known;
  }
  const ajv = ajvFor(dialect);
  // Use the canonical meta-schema id so spelling variants (https, no "#") resolve.
  const canonical = declared === undefined ? schema : { ...schema, $schema: DIALECT_IDS[dialect] };
  let valid: boolean;
  try {
    valid = ajv.validateSchema(canonical) === true;
  } catch (error) {
    // ajv walks schemas recursively: a pathological one (a catalog file past the discovery limits) must not crash the run.
    return `cannot be checked as JSON Schema ${dialect}: ${(error as Error).message}`;
  }
  if (!valid) {
    const first = ajv.errors?.[0];
    const where = first?.instancePath ? first.instancePath : '(root)';
    return `not valid JSON Schema ${dialect}: ${where} ${first?.message ?? 'is invalid'}`;
  }
  try {
    ajv.compile(canonical);
  } catch (error) {
    return `does not compile as JSON Schema ${dialect}: ${(error as Error).message}`;
  } finally {
    ajv.removeSchema(canonical);
  }
  return undefined;
}

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const uniqueStrings = (value: unknown): boolean =>
  Array.isArray(value) && value.every((each) => typeof each === 'string') && new Set(value).size === value.length;
const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);
/** A non-empty list of strings, numbers, booleans and nulls, no two equal (ajv rejects an enum with duplicates). */
const distinctScalars = (value: unknown): boolean => Array.isArray(value) && value.length > 0 && value.every(isScalar) && new Set(value).size === value.length;
/** Deeper than this, the walk leaves the schema to ajv. */
const PLAIN_DEPTH = 32;

/**
 * True when `schema` uses only keywords whose valid values this walk knows, and every value is one: such a schema is
 * valid JSON Schema in draft-07, 2019-09 and 2020-12 alike, and ajv compiles it (no `pattern`, no `$ref`, no keyword it
 * does not know). False says nothing: ajv decides. test/unit/checks/lint/plain-schema.property.test.ts compares them.
 */
export function plainlyValid(schema: unknown, depth: number): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isRecord(schema) || depth > PLAIN_DEPTH) return false;
  for (const key in schema) {
    if (!Object.hasOwn(schema, key)) return false;
    const value = schema[key];
    switch (key) {
      case 'type':
        if (
          typeof value === 'string'
            ? !SIMPLE_TYPES.has(value)
            : !(uniqueStrings(value) && (value as string[]).length > 0 && (value as string[]).every((each) => SIMPLE_TYPES.has(each)))
        )
          return false;
        break;
      case 'properties':
        if (!isRecord(value)) return false;
        for (const name in value) if (name === '__proto__' || !Object.hasOwn(value, name) || !plainlyValid(value[name], depth + 1)) return false;
        break;
      case 'required':
        if (!uniqueStrings(value)) return false;
        break;
      case 'title':
      case 'description':
      case '$comment':
      case 'format':
        if (typeof value !== 'string') return false;
        break;
      case 'enum':
        if (!distinctScalars(value)) return false;
        break;
      case 'examples':
        if (!Array.isArray(value)) return false;
        break;
      case 'const':
      case 'default':
        break;
      case 'items':
      case 'additionalProperties':
      case 'not':
        if (!plainlyValid(value, depth + 1)) return false;
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        if (!Array.isArray(value) || value.length === 0 || !value.every((each) => plainlyValid(each, depth + 1))) return false;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        break;
      case 'multipleOf':
        if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) return false;
        break;
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
      case 'minProperties':
      case 'maxProperties':
        if (!isCount(value)) return false;
        break;
      case 'uniqueItems':
        if (typeof value !== 'boolean') return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
