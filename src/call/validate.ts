import type { ErrorObject, ValidateFunction } from 'ajv';
import { McpnsError } from '../errors.js';
import { checkingPatterns, createAjv, type AjvInstance, type SchemaDialect } from '../util/json-schema.js';

export type { SchemaDialect } from '../util/json-schema.js';

export interface ArgumentViolation {
  /** Argument path, e.g. "a", "items[0].name", or "(arguments)" for the object itself. */
  path: string;
  /** The JSON Schema keyword that failed (type, required, enum…). */
  keyword: string;
  /** What was expected, in words. */
  message: string;
}

export interface ArgumentValidation {
  valid: boolean;
  dialect: SchemaDialect;
  /**
   * Set when `$schema` named a dialect mcpns does not ship (validated as draft-07 without it), or a `pattern` the
   * linear-time engine cannot run was passed over; several notes are joined with "; ".
   */
  note?: string;
  violations: ArgumentViolation[];
}

/**
 * The dialect a tool's inputSchema declares: `$schema` draft-07 (what the TypeScript SDK's McpServer
 * emits) → ajv's default class; 2019-09 → ajv/dist/2019; 2020-12 or absent → ajv/dist/2020 (MCP 2025-11-25
 * makes 2020-12 the default dialect). Others (draft-04/06) are validated as draft-07, with a note.
 */
export function schemaDialect(schema: Record<string, unknown>): { dialect: SchemaDialect; note?: string } {
  const declared = schema['$schema'];
  if (typeof declared !== 'string' || declared === '') return { dialect: '2020-12' };
  if (/draft-07/.test(declared)) return { dialect: 'draft-07' };
  if (/2019-09/.test(declared)) return { dialect: '2019-09' };
  if (/2020-12/.test(declared)) return { dialect: '2020-12' };
  return { dialect: 'draft-07', note: `$schema "${declared}" is not supported; validated as draft-07` };
}

const instances = new Map<SchemaDialect, AjvInstance>();

function ajvFor(dialect: SchemaDialect): AjvInstance {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // logger: false — ajv would print "unknown format … ignored" (the server's text) straight to stderr.
    ajv = createAjv(dialect, { allErrors: true, strict: false, validateFormats: true, logger: false }, true);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/**
 * Validate arguments against a tool's inputSchema in its declared dialect, reporting every violation
 * (ajv `allErrors`). A schema that does not compile is the tool's fault, not the caller's: it throws
 * SCHEMA_INVALID naming the server's tool, and `--no-validate` is the way around it.
 */
export function validateArguments(inputSchema: Record<string, unknown>, args: Record<string, unknown>, toolLabel = 'the tool'): ArgumentValidation {
  const { dialect, note } = schemaDialect(inputSchema);
  const schema = note ? withoutKey(inputSchema, '$schema') : inputSchema;
  let validate: ValidateFunction;
  try {
    // A fresh $id would collide with an earlier compile of the same tool; compile a copy without it.
    validate = ajvFor(dialect).compile(withoutKey(schema, '$id'));
  } catch (error) {
    throw new McpnsError('SCHEMA_INVALID', `inputSchema of ${toolLabel} is not a valid JSON Schema (${dialect}): ${(error as Error).message}`, {
      hint: 'the server publishes a broken schema; --no-validate skips validation',
      cause: error,
    });
  }
  const { value: valid, unchecked } = checkingPatterns(() => validate(args) as boolean);
  const violations = valid ? [] : describeErrors(validate.errors ?? []);
  const notes = [...(note ? [note] : []), ...unchecked];
  return { valid, dialect, ...(notes.length ? { note: notes.join('; ') } : {}), violations };
}

function withoutKey(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!(key in schema)) return schema;
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

/** JSON Pointer "/items/0/name" → "items[0].name". */
export function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const join = (base: string, key: string): string => (base ? `${base}.${key}` : key);

function describeErrors(errors: ErrorObject[]): ArgumentViolation[] {
  const seen = new Set<string>();
  const violations: ArgumentViolation[] = [];
  for (const error of errors) {
    const base = pointerToPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    let path = base || '(arguments)';
    let message = error.message ?? 'is invalid';
    switch (error.keyword) {
      case 'required':
        path = join(base, String(params['missingProperty']));
        message = 'required argument is missing';
        break;
      case 'additionalProperties':
        path = join(base, String(params['additionalProperty']));
        message = 'unexpected argument (the schema allows no additional properties)';
        break;
      case 'type':
        message = `expected ${String(params['type']).replace(/,/g, ' or ')}`;
        break;
      case 'enum':
        message = `expected one of ${((params['allowedValues'] as unknown[]) ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
        break;
      case 'const':
        message = `expected ${JSON.stringify(params['allowedValue'])}`;
        break;
      default:
        message = `${message} (${error.keyword})`;
    }
    const key = `${path}\u0000${error.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push({ path, keyword: error.keyword, message });
  }
  return violations;
}

/** One line per violation, for the error message and human output. */
export function formatViolations(violations: ArgumentViolation[]): string {
  return violations.map((violation) => `  ${violation.path}: ${violation.message}`).join('\n');
}
