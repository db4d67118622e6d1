import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { pointerToPath } from '../call/index.js';
import { createAjv, type AjvInstance } from '../util/json-schema.js';
import { packageFileUrl } from '../util/package-file.js';

type AjvLike = AjvInstance;

/** The shipped plan schema (schema/plan.schema.json). */
export const PLAN_SCHEMA_URL = packageFileUrl('schema/plan.schema.json');

let cached: { ajv: AjvLike; id: string } | undefined;

function planAjv(): { ajv: AjvLike; id: string } {
  if (!cached) {
    const schema = JSON.parse(readFileSync(PLAN_SCHEMA_URL, 'utf8')) as { $id: string };
    const ajv = createAjv('2020-12', { allErrors: true, strict: false });
    ajv.addSchema(schema);
    cached = { ajv, id: schema.$id };
  }
  return cached;
}

export type PlanShape = 'bamboo' | 'list';

/** A shape problem: where in the plan (path like "tool_calls[1].arguments") and what is wrong. */
export interface ShapeProblem {
  path: string;
  message: string;
  /** The call it belongs to, when inside one. */
  index?: number;
}

const RENAMES: Record<string, string> = {
  args: 'arguments',
  params: 'arguments',
  parameters: 'arguments',
  input: 'arguments',
  name: 'tool',
  tool_name: 'tool',
  function: 'tool',
};

/**
 * Check a plan's shape against schema/plan.schema.json. The shape is chosen by the JSON type (object →
 * Bamboo plan, array → plain list) and validated against that branch, so errors read "tool_calls[0].tool:
 * required" rather than oneOf noise; anything else fails the whole schema.
 */
export function checkPlanShape(value: unknown): { shape?: PlanShape; problems: ShapeProblem[] } {
  const { ajv, id } = planAjv();
  const shape: PlanShape | undefined = Array.isArray(value) ? 'list' : typeof value === 'object' && value !== null ? 'bamboo' : undefined;
  if (!shape) return { problems: [{ path: '(plan)', message: 'a plan is a JSON object (Bamboo plan) or an array of {tool, arguments}' }] };
  const validate = ajv.getSchema(`${id}#/$defs/${shape === 'list' ? 'callList' : 'bambooPlan'}`)!;
  if (validate(value)) return { shape, problems: [] };
  return { shape, problems: describe(validate.errors ?? [], shape) };
}

function describe(errors: ErrorObject[], shape: PlanShape): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'if' || /\/anyOf\/\d+\//.test(error.schemaPath)) continue;
    const params = error.params as Record<string, unknown>;
    const base = pointerToPath(error.instancePath);
    let path = base || '(plan)';
    let message = error.message ?? 'is invalid';
    switch (error.keyword) {
      case 'required':
        path = join(base, String(params['missingProperty']));
        message = 'required field is missing';
        break;
      case 'additionalProperties': {
        const key = String(params['additionalProperty']);
        path = join(base, key);
        message = `unknown field${RENAMES[key] ? ` (did you mean "${RENAMES[key]}"?)` : ''}`;
        break;
      }
      case 'type':
        message = `expected ${String(params['type']).replace(/,/g, ' or ')}`;
        break;
      case 'enum':
        message = `expected one of ${((params['allowedValues'] as unknown[]) ?? []).map((entry) => JSON.stringify(entry)).join(', ')}`;
        break;
      case 'minItems':
        message = path === 'tool_calls' ? 'route FAST_PATH and PLAN need at least one tool call' : message;
        break;
      case 'anyOf':
        message = 'route RETRIEVE needs a retrieval_query or at least one tool call';
        break;
      default:
        message = `${message} (${error.keyword})`;
    }
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const index = callIndexOf(error.instancePath, shape);
    problems.push({ path, message, ...(index !== undefined ? { index } : {}) });
  }
  return problems;
}

const join = (base: string, key: string): string => (base ? `${base}.${key}` : key);

function callIndexOf(pointer: string, shape: PlanShape): number | undefined {
  const match = (shape === 'list' ? /^\/(\d+)(\/|$)/ : /^\/tool_calls\/(\d+)(\/|$)/).exec(pointer);
  return match ? Number(match[1]) : undefined;
}
