import { createAjv, type AjvInstance, type SchemaDialect } from '../../util/json-schema.js';

/**
 * Validate a tool's input schema as JSON Schema for its declared dialect (MCP: `$schema`
 * absent → 2020-12). One ajv instance per dialect, created on first use; results are cached
 * by the schema's JSON text because many tools share the same schema.
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
  let key: string;
  try {
    key = JSON.stringify(schema);
  } catch {
    return 'cannot be serialised as JSON';
  }
  if (results.has(key)) return results.get(key);
  const problem = validate(record);
  if (results.size >= MAX_CACHED) results.clear();
  results.set(key, problem);
  return problem;
}

function validate(schema: Record<string, unknown>): string | undefined {
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
