import validate, { shape as CONFIG_SHAPE, type ConfigShape as Shape } from './validate-config.generated.js';
import type { McpnsConfig, ServerEntry } from './schema.js';

/**
 * Whether `value` is a valid mcpns.config.json document, without loading zod: the precompiled validator generated
 * from the JSON Schema of the zod schema (scripts/config-validator.mjs). It accepts exactly what the zod schema
 * accepts (test/unit/config/config-validator.test.ts); zod words the errors.
 */
export function isValidOwnConfig(value: unknown): boolean {
  return (validate as (data: unknown) => boolean)(value) === true;
}

const SERVER_SHAPE = CONFIG_SHAPE.keys!['servers']!.values!;

type Json = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The config and its servers as zod's schema parses them; the same pairs load.ts's zod path returns. */
export interface OwnConfigParts {
  config: McpnsConfig;
  /** [name, entry] pairs: a server may be called "__proto__", which a record built by assignment would drop. */
  servers: Array<[string, ServerEntry]>;
}

/**
 * A config the precompiled validator accepts, shaped as zod's parse would give it (a property test compares the two),
 * without loading zod; undefined when the validator rejects it (zod then decides and words the error).
 */
export function parseValidOwnConfig(value: unknown): OwnConfigParts | undefined {
  if (!isValidOwnConfig(value) || !isPlainObject(value)) return undefined;
  const { servers, ...rest } = value;
  return {
    config: shaped(CONFIG_SHAPE, rest) as McpnsConfig,
    servers: Object.entries((servers ?? {}) as Json).map(([name, entry]) => [name, shaped(SERVER_SHAPE, entry) as ServerEntry]),
  };
}

/**
 * A valid value copied the way zod parses it: an object's declared keys in declaration order (then, for a loose
 * object, its other keys), a record's keys in their order, "__proto__" left out of both (zod never copies it), the
 * first union branch the value fits, arrays copied, everything else as it is.
 */
function shaped(shape: Shape, value: unknown): unknown {
  if (shape.anyOf) return shaped(shape.anyOf.find((branch) => fits(branch, value)) ?? {}, value);
  if (shape.type === 'array') return (value as unknown[]).map((item) => shaped(shape.items ?? {}, item));
  if (shape.type !== 'object') return value;
  const input = value as Json;
  const output: Json = {};
  if (shape.keys) {
    for (const [key, keyShape] of Object.entries(shape.keys)) if (Object.hasOwn(input, key)) output[key] = shaped(keyShape, input[key]);
    if (shape.loose) for (const key of Object.keys(input)) if (!Object.hasOwn(shape.keys, key) && key !== '__proto__') output[key] = input[key];
    return output;
  }
  for (const key of Object.keys(input)) if (key !== '__proto__') output[key] = shaped(shape.values ?? {}, input[key]);
  return output;
}

/** Whether a valid value belongs to this union branch (the branches of the config's unions never overlap). */
function fits(shape: Shape, value: unknown): boolean {
  switch (shape.type) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      if (!isPlainObject(value)) return false;
      if (!shape.keys) return true;
      return (
        (shape.required ?? []).every((key) => Object.hasOwn(value, key)) &&
        (shape.loose === true || Object.keys(value).every((key) => Object.hasOwn(shape.keys!, key)))
      );
    case undefined:
      return true;
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === shape.type;
  }
}
