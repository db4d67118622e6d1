import type { Catalog } from '../catalog/types.js';
import { findTool, planCall, resolveToolName, type CallPlan, type EnvelopeFormat, type Participant, type ResolveOptions } from '../call/index.js';
import type { Route } from '../config/schema.js';
import { McpnsError } from '../errors.js';
import { routeCalls } from '../config/route-definitions.js';
import { closestRules, tryRule, type RuleTrial } from './match.js';
import { fillArguments } from './template.js';

export const ROUTE_SCHEMA_VERSION = 1 as const;

export interface EnvelopeOptions {
  resolve: ResolveOptions;
  envelope: EnvelopeFormat;
  participant: Participant;
  /** Envelope id; several calls get `<id>-1`, `<id>-2`… and JSON-RPC ids 1, 2… */
  id: string;
  ts: string;
  /** False skips argument validation (`--no-validate`). */
  validate?: boolean;
}

/** The per-call envelope id and JSON-RPC id: one call keeps `id`, several are numbered from 1. */
export function callIds(id: string, index: number, count: number): { id: string; rpcId: number } {
  return count > 1 ? { id: `${id}-${index + 1}`, rpcId: index + 1 } : { id, rpcId: 1 };
}

/** One tool call a fired rule makes, exactly as `call` would print it. */
export interface RoutedCall {
  index: number;
  /** The tool name as the rule writes it. */
  tool: string;
  /** The argument template before filling. */
  template: Record<string, unknown>;
  resolution: CallPlan['resolution'];
  arguments: Record<string, unknown>;
  validation: CallPlan['validation'];
  decision: CallPlan['decision'];
  envelope: Record<string, unknown>;
}

/** The outcome of routing one question (the `route --json` document). */
export interface RouteResult {
  schemaVersion: typeof ROUTE_SCHEMA_VERSION;
  question: string;
  route: 'FAST_PATH' | 'NO_ROUTE';
  /** FAST_PATH with every argument set valid. */
  valid: boolean;
  /** The rule that fired and why (its trial). */
  rule?: RuleTrial;
  /** Named groups extracted from the question by the rule that fired. */
  hints: Record<string, string>;
  calls: RoutedCall[];
  /** The same decision as a Bamboo plan, so `route --json | jq .plan | mcpns plan validate -` round-trips. */
  plan?: { route: 'FAST_PATH'; confidence: 1; tool_calls: Array<{ tool: string; arguments: Record<string, unknown> }>; explain: string };
  /** NO_ROUTE: the rules that came closest. */
  closest?: RuleTrial[];
  /** With explain: every rule tried, in order, up to and including the one that fired. */
  tried?: RuleTrial[];
}

export interface RouteOptions extends EnvelopeOptions {
  explain?: boolean;
}

/**
 * Route a question deterministically (Bamboo's fast path): rules are tried in order and the first that
 * fires wins; its named groups become hints, its argument templates are filled and typed by each target
 * tool's input schema, then every call is resolved, validated and turned into the envelope `call` prints.
 * No rule → NO_ROUTE with the closest rules. A rule naming a tool the catalog cannot resolve is a
 * configuration problem: it throws that McpnsError (exit 2) naming the rule.
 */
export function routeQuestion(question: string, routes: Route[], catalog: Catalog, options: RouteOptions): RouteResult {
  const trials: RuleTrial[] = [];
  let fired: { route: Route; trial: RuleTrial } | undefined;
  for (const [index, route] of routes.entries()) {
    const trial = tryRule(route, index, question);
    trials.push(trial);
    if (trial.fired) {
      fired = { route, trial };
      break;
    }
  }
  const base = { schemaVersion: ROUTE_SCHEMA_VERSION as typeof ROUTE_SCHEMA_VERSION, question, ...(options.explain ? { tried: trials } : {}) };
  if (!fired) {
    return { ...base, route: 'NO_ROUTE', valid: false, hints: {}, calls: [], closest: closestRules(trials) };
  }
  const { route, trial } = fired;
  const templates = routeCalls(route);
  const calls = templates.map((template, index): RoutedCall => {
    const label = `route "${route.name}" (routes[${trial.index}]) calls "${template.tool}"`;
    try {
      const resolution = resolveToolName(template.tool, catalog, options.resolve);
      const tool = findTool(catalog, resolution);
      const args = fillArguments(template.arguments, { hints: trial.hints, question, inputSchema: tool?.inputSchema });
      const ids = callIds(options.id, index, templates.length);
      const plan = planCall({
        name: template.tool,
        catalog,
        resolve: options.resolve,
        arguments: args,
        validate: options.validate !== false,
        envelope: options.envelope,
        participant: options.participant,
        id: ids.id,
        ts: options.ts,
        rpcId: ids.rpcId,
      });
      return {
        index,
        tool: template.tool,
        template: template.arguments ?? {},
        resolution: plan.resolution,
        arguments: plan.arguments,
        validation: plan.validation,
        decision: plan.decision,
        envelope: plan.envelope,
      };
    } catch (error) {
      if (error instanceof McpnsError) {
        throw new McpnsError(error.code, `${label}: ${error.message}`, {
          ...(error.hint ? { hint: error.hint } : {}),
          details: { ...(error.details ?? {}), route: route.name, routeIndex: trial.index },
          cause: error,
        });
      }
      throw error;
    }
  });
  const valid = calls.every((call) => call.validation.valid);
  return {
    ...base,
    route: 'FAST_PATH',
    valid,
    rule: trial,
    hints: trial.hints,
    calls,
    plan: {
      route: 'FAST_PATH',
      confidence: 1,
      tool_calls: calls.map((call) => ({ tool: call.resolution.qualifiedName, arguments: call.arguments })),
      explain: `rule "${route.name}" matched`,
    },
  };
}
