import { formatViolations, validateArguments, type ArgumentViolation } from '../../call/validate.js';
import { hashValue } from '../../catalog/hash.js';
import { McpnsError } from '../../errors.js';
import type { JsonObject } from './host.js';

/** Why a call's arguments were refused: the violations ajv found (every one), or a schema that does not compile. */
export interface ArgumentRefusal {
  message: string;
  violations: ArgumentViolation[];
}

/** Distinct schemas kept: beyond it the cache starts over (a catalog that churns cannot grow it without bound). */
const MAX_SCHEMAS = 4096;

/**
 * Validates a call's arguments against the tool's input schema before it is routed, for the direct path and
 * call_tool alike. Schemas are cached by hash: the same schema object goes to ajv each time, so it is compiled once
 * per distinct schema however often the upstream re-lists its tools (ajv caches compiled schemas by object).
 */
export class ArgumentChecker {
  private readonly schemas = new Map<string, Record<string, unknown>>();
  private readonly hashes = new WeakMap<object, string>();

  /** Undefined when the arguments are valid (or the tool has no schema to check them against). */
  check(name: string, inputSchema: unknown, args: JsonObject): ArgumentRefusal | undefined {
    if (!inputSchema || typeof inputSchema !== 'object' || Array.isArray(inputSchema)) return undefined;
    const schema = this.canonical(inputSchema as Record<string, unknown>);
    try {
      const result = validateArguments(schema, args, `"${name}"`);
      if (result.valid) return undefined;
      return { message: `invalid arguments for ${name}:\n${formatViolations(result.violations)}`, violations: result.violations };
    } catch (error) {
      // A schema that does not compile is the server's fault: the call goes on and the server judges its arguments.
      if (error instanceof McpnsError && error.code === 'SCHEMA_INVALID') return undefined;
      throw error;
    }
  }

  private canonical(schema: Record<string, unknown>): Record<string, unknown> {
    let hash = this.hashes.get(schema);
    if (hash === undefined) {
      hash = hashValue(schema);
      this.hashes.set(schema, hash);
    }
    const known = this.schemas.get(hash);
    if (known) return known;
    if (this.schemas.size >= MAX_SCHEMAS) this.schemas.clear();
    this.schemas.set(hash, schema);
    return schema;
  }
}
