import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** JSON Schema dialects mcpns compiles with ajv. */
export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** The part of ajv's API mcpns uses (the same for every dialect's class). */
export interface AjvInstance {
  compile(schema: object): ValidateFunction;
  validateSchema(schema: object): boolean | Promise<unknown>;
  addSchema(schema: object): unknown;
  getSchema(ref: string): ValidateFunction | undefined;
  removeSchema(schema: object): unknown;
  errors?: ErrorObject[] | null;
}

// ajv is CommonJS and costs ~80 ms to load: required on first use so only commands that validate pay for it.
const requireCjs = createRequire(import.meta.url);
const unwrap = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;
const MODULES: Record<SchemaDialect, string> = { 'draft-07': 'ajv', '2019-09': 'ajv/dist/2019', '2020-12': 'ajv/dist/2020' };

/** A new ajv instance for a dialect, optionally with ajv-formats. */
export function createAjv(dialect: SchemaDialect, options: Record<string, unknown>, withFormats = false): AjvInstance {
  const Ajv = unwrap<new (options: Record<string, unknown>) => AjvInstance>(requireCjs(MODULES[dialect]));
  const ajv = new Ajv(options);
  if (withFormats) unwrap<(ajv: AjvInstance) => void>(requireCjs('ajv-formats'))(ajv);
  return ajv;
}
