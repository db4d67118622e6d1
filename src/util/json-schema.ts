import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { linearRegExp, UnsupportedPatternError } from './linear-regexp.js';

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

/** Patterns passed over during the current `checkingPatterns` run (the linear engine cannot run them). */
let unchecked: Set<string> | undefined;

/**
 * ajv's `code.regExp`: every `pattern` and `patternProperties` runs on the linear-time engine, so a schema from a
 * server cannot freeze mcpns with a pattern such as `^(a+)+$`. A valid pattern the engine cannot run (lookahead,
 * backreferences) accepts everything and is recorded; an invalid one fails the compile as before. `toString` is
 * ajv's cache key for a compiled pattern.
 */
const linearEngine = Object.assign(
  (pattern: string, flags: string) => {
    const shown = `/${pattern}/${flags}`;
    try {
      return Object.assign(linearRegExp(pattern, flags), { toString: () => shown });
    } catch (error) {
      if (!(error instanceof UnsupportedPatternError)) throw error;
      const note = `pattern ${JSON.stringify(pattern)} was not checked (it needs ${error.reason}, which mcpns does not run: it can take exponential time)`;
      return {
        test: (): boolean => {
          unchecked?.add(note);
          return true;
        },
        toString: () => shown,
      };
    }
  },
  { code: 'linearRegExp' },
);

/**
 * ajv-formats' formats but `url`: its expression takes quadratic time on a crafted string (11 KB: 10 ms, 44 KB:
 * 140 ms, a megabyte: over a minute), and it is no JSON Schema format (`uri` is). Left out, it is an unknown format,
 * which JSON Schema treats as an annotation.
 */
const FORMATS_LEFT_OUT = new Set(['url']);

/** A new ajv instance for a dialect, optionally with ajv-formats; patterns run on the linear-time engine. */
export function createAjv(dialect: SchemaDialect, options: Record<string, unknown>, withFormats = false): AjvInstance {
  const Ajv = unwrap<new (options: Record<string, unknown>) => AjvInstance>(requireCjs(MODULES[dialect]));
  const ajv = new Ajv({ ...options, code: { regExp: linearEngine } });
  if (withFormats) {
    const { fullFormats } = requireCjs('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
    const names = Object.keys(fullFormats).filter((name) => !FORMATS_LEFT_OUT.has(name));
    unwrap<(ajv: AjvInstance, formats: string[]) => void>(requireCjs('ajv-formats'))(ajv, names);
  }
  return ajv;
}

/** Run a validation and collect the patterns it passed over unchecked (one note each). */
export function checkingPatterns<T>(run: () => T): { value: T; unchecked: string[] } {
  const outer = unchecked;
  unchecked = new Set();
  const mine = unchecked;
  try {
    return { value: run(), unchecked: [...mine] };
  } finally {
    unchecked = outer;
  }
}
