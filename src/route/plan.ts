import type { Catalog, ToolRef } from '../catalog/types.js';
import { planCall, resolveToolName, type CallPlan, type Resolution } from '../call/index.js';
import { positionAt } from '../config/json-text.js';
import type { Namespace } from '../config/schema.js';
import { McpnsError } from '../errors.js';
import { extractFirstJson } from './extract-json.js';
import { checkPlanShape, type PlanShape } from './plan-schema.js';
import { callIds, type EnvelopeOptions } from './route-question.js';
import { own } from '../util/own.js';

export const PLAN_SCHEMA_VERSION = 1 as const;

/** Stable codes of plan problems (the `code` field of `plan validate --json`). */
export const PLAN_PROBLEM_CODES = [
  'PLAN_SHAPE',
  'TOOL_NOT_FOUND',
  'TOOL_AMBIGUOUS',
  'NAMESPACE_UNKNOWN',
  'NAMESPACE_MISMATCH',
  'ARGS_INVALID',
  'SCHEMA_INVALID',
] as const;
export type PlanProblemCode = (typeof PLAN_PROBLEM_CODES)[number];

export interface PlanProblem {
  code: PlanProblemCode;
  /** The call's position in the plan (absent for plan-level problems). */
  index?: number;
  /** Where in the plan document, e.g. "tool_calls[1].arguments.a". */
  path: string;
  message: string;
  /** TOOL_AMBIGUOUS: every pair the name could mean. */
  candidates?: ToolRef[];
  /** TOOL_NOT_FOUND: "did you mean". */
  suggestions?: string[];
}

export interface PlanCallResult {
  index: number;
  tool: string;
  namespace?: string;
  resolution?: CallPlan['resolution'];
  arguments?: Record<string, unknown>;
  validation?: CallPlan['validation'];
  decision?: CallPlan['decision'];
  envelope?: Record<string, unknown>;
  valid: boolean;
}

/** The `plan validate --json` document. */
export interface PlanValidation {
  schemaVersion: typeof PLAN_SCHEMA_VERSION;
  valid: boolean;
  shape?: PlanShape;
  route?: unknown;
  confidence?: unknown;
  explain?: unknown;
  /** Things worth knowing that are not problems (e.g. the JSON was extracted from prose). */
  notes: string[];
  calls: PlanCallResult[];
  /** Every problem, sorted by call index (plan-level first), then path. */
  problems: PlanProblem[];
}

/**
 * Read plan text: strict JSON, or the first JSON object/array inside prose or a code fence (as Bamboo's
 * planner does), with a note saying so. No JSON at all → PLAN_UNREADABLE (exit 2).
 */
export function readPlanText(text: string, source: string): { value: unknown; notes: string[] } {
  if (!text.trim()) throw new McpnsError('PLAN_UNREADABLE', `${source}: the plan is empty`);
  const extracted = extractFirstJson(text);
  if (!extracted) {
    throw new McpnsError('PLAN_UNREADABLE', `${source}: no JSON object or array found`, {
      hint: 'a plan is a JSON object {"route","confidence","tool_calls","explain"} or an array of {"tool","arguments"}',
    });
  }
  const notes: string[] = [];
  if (extracted.wrapped) {
    const from = positionAt(text, extracted.start).line;
    const to = positionAt(text, extracted.end - 1).line;
    const what = Array.isArray(extracted.value) ? 'array' : 'object';
    const where = extracted.fenced ? 'a code fence' : 'surrounding text';
    notes.push(`extracted the first JSON ${what} (line${from === to ? ` ${from}` : `s ${from}-${to}`}) from ${where}; a planner should return bare JSON`);
  }
  return { value: extracted.value, notes };
}

export interface PlanOptions extends EnvelopeOptions {
  /** Config `namespaces`: a call's `namespace` may name one of them instead of a server. */
  namespaces?: Record<string, Namespace>;
}

interface RawCall {
  tool?: unknown;
  arguments?: unknown;
  namespace?: unknown;
}

/**
 * Validate a plan against the catalog without running anything: its shape (schema/plan.schema.json), then
 * every call — the name resolved with `call`'s rules (an ambiguous short name is an error, never a guess;
 * `namespace` may narrow it to a server or config namespace), the arguments validated against the tool's
 * input schema. Every problem is collected with its call index and path; nothing stops at the first.
 */
export function validatePlan(value: unknown, catalog: Catalog, options: PlanOptions, notes: string[] = []): PlanValidation {
  const { shape, problems: shapeProblems } = checkPlanShape(value);
  const problems: PlanProblem[] = shapeProblems.map((problem) => ({ code: 'PLAN_SHAPE', ...problem }));
  const result: PlanValidation = { schemaVersion: PLAN_SCHEMA_VERSION, valid: false, notes, calls: [], problems };
  if (shape) result.shape = shape;
  let rawCalls: unknown[] = [];
  let prefix = '';
  if (shape === 'list') rawCalls = value as unknown[];
  if (shape === 'bamboo') {
    const plan = value as Record<string, unknown>;
    for (const key of ['route', 'confidence', 'explain'] as const) if (key in plan) result[key] = plan[key];
    rawCalls = Array.isArray(plan['tool_calls']) ? plan['tool_calls'] : [];
    prefix = 'tool_calls';
  }

  const count = rawCalls.length;
  rawCalls.forEach((raw, index) => {
    const call = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as RawCall;
    const at = (suffix: string): string => `${prefix}[${index}]${suffix}`;
    if (typeof call.tool !== 'string' || call.tool === '') return; // reported by the shape check
    const namespace = typeof call.namespace === 'string' && call.namespace !== '' ? call.namespace : undefined;
    const entry: PlanCallResult = { index, tool: call.tool, ...(namespace ? { namespace } : {}), valid: false };
    result.calls.push(entry);
    const resolution = resolveCall(call.tool, namespace, catalog, options, (problem) => problems.push({ index, ...problem, path: at(problem.path) }));
    if (!resolution) return;
    const argsOk = call.arguments === undefined || (typeof call.arguments === 'object' && call.arguments !== null && !Array.isArray(call.arguments));
    const args = argsOk ? ((call.arguments ?? {}) as Record<string, unknown>) : {};
    const ids = callIds(options.id, index, count);
    let plan: CallPlan;
    try {
      plan = planCall({
        name: `${resolution.server}/${resolution.tool}`,
        catalog,
        resolve: options.resolve,
        arguments: args,
        // Non-object arguments are a shape problem already; validating {} instead would only add noise.
        validate: options.validate !== false && argsOk,
        envelope: options.envelope,
        participant: options.participant,
        id: ids.id,
        ts: options.ts,
        rpcId: ids.rpcId,
      });
    } catch (error) {
      if (error instanceof McpnsError && error.code === 'SCHEMA_INVALID') {
        problems.push({ code: 'SCHEMA_INVALID', index, path: at('.tool'), message: error.message });
        return;
      }
      throw error;
    }
    entry.resolution = { ...plan.resolution, input: resolution.input, via: resolution.via, explanation: resolution.explanation };
    entry.arguments = plan.arguments;
    entry.validation = plan.validation;
    entry.decision = plan.decision;
    entry.envelope = plan.envelope;
    for (const violation of plan.validation.violations) {
      const path = violation.path === '(arguments)' ? at('.arguments') : at(`.arguments${violation.path.startsWith('[') ? '' : '.'}${violation.path}`);
      problems.push({ code: 'ARGS_INVALID', index, path, message: violation.message });
    }
    entry.valid = argsOk && plan.validation.valid;
  });

  problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  result.valid = problems.length === 0;
  return result;
}

type Report = (problem: Omit<PlanProblem, 'index'>) => void;

/** Resolve one call's tool with `call`'s rules plus the optional namespace hint; problems go to `report`. */
function resolveCall(name: string, namespace: string | undefined, catalog: Catalog, options: PlanOptions, report: Report): Resolution | undefined {
  let scope: string[] | undefined;
  if (namespace !== undefined) {
    if (catalog.servers.some((server) => server.name === namespace)) scope = [namespace];
    else if (own(options.namespaces, namespace)) scope = [...own(options.namespaces, namespace)!.servers];
    else {
      const known = [...new Set([...catalog.servers.map((server) => server.name), ...Object.keys(options.namespaces ?? {})])].sort();
      report({
        code: 'NAMESPACE_UNKNOWN',
        path: '.namespace',
        message: `"${namespace}" is neither a server nor a configured namespace (known: ${known.join(', ')})`,
      });
    }
  }
  const hint = scope?.length === 1 ? scope[0] : undefined;
  try {
    const resolution = resolveToolName(name, catalog, { ...options.resolve, pick: undefined, ...(hint ? { namespaceHint: hint } : {}) });
    if (scope && !scope.includes(resolution.server)) {
      report({
        code: 'NAMESPACE_MISMATCH',
        path: '.namespace',
        message: `"${name}" resolves to ${resolution.server}/${resolution.tool}, which is not in namespace "${namespace}" (${scope.join(', ')})`,
      });
      return undefined;
    }
    return resolution;
  } catch (error) {
    if (!(error instanceof McpnsError)) throw error;
    if (error.code === 'TOOL_AMBIGUOUS') {
      const candidates = ((error.details?.['candidates'] ?? []) as ToolRef[]).slice();
      const narrowed = scope ? candidates.filter((ref) => scope!.includes(ref.server)) : candidates;
      if (scope && narrowed.length === 1) {
        const ref = narrowed[0]!;
        return {
          input: name,
          server: ref.server,
          tool: ref.tool,
          via: 'unique-short-name',
          explanation: `short name "${name}" in namespace "${namespace}" → ${ref.server}/${ref.tool}`,
        };
      }
      const listed = narrowed.length ? narrowed : candidates;
      report({
        code: 'TOOL_AMBIGUOUS',
        path: '.tool',
        message: `${error.message}${scope ? ` (namespace "${namespace}" does not narrow it to one)` : ''}; an ambiguous name is never guessed: use a qualified name or a "namespace"`,
        candidates: listed,
      });
      return undefined;
    }
    if (error.code === 'TOOL_NOT_FOUND') {
      const suggestions = (error.details?.['suggestions'] ?? []) as string[];
      report({ code: 'TOOL_NOT_FOUND', path: '.tool', message: error.message, ...(suggestions.length ? { suggestions } : {}) });
      return undefined;
    }
    throw error;
  }
}
