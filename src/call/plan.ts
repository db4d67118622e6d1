import type { Catalog, CatalogTool } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import { mergeArguments, parseKeyValueArguments, type ToolArguments } from './arguments.js';
import { decideKind, type Capability, type Participant } from './capabilities.js';
import { buildMcpxEnvelope, buildMewEnvelope, buildToolsCall, type EnvelopeFormat } from './envelope.js';
import { findTool, presetNames, resolveToolName, type Resolution, type ResolveOptions } from './resolve.js';
import { formatViolations, validateArguments, type ArgumentViolation, type SchemaDialect } from './validate.js';

export const CALL_SCHEMA_VERSION = 1;

export interface CallValidation {
  /** False with --no-validate. */
  performed: boolean;
  valid: boolean;
  dialect?: SchemaDialect;
  note?: string;
  violations: ArgumentViolation[];
}

/** Why the envelope has the kind it has (MEW only; MCPx and plain JSON-RPC have no capabilities). */
export interface CallDecision {
  format: EnvelopeFormat;
  participant: string;
  kind: string;
  /** The capability that allowed the kind (MEW). */
  capability?: { index: number; capability: Capability };
  reason: string;
}

export interface CallPlanInput {
  /** The name as the user or model typed it. */
  name: string;
  catalog: Catalog;
  resolve: ResolveOptions;
  /** `--args` object, if any. */
  arguments?: ToolArguments;
  /** Trailing key=value / key:=json pairs, typed by the resolved tool's input schema. */
  pairs?: string[];
  /** False for --no-validate. */
  validate?: boolean;
  envelope: EnvelopeFormat;
  participant: Participant;
  id: string;
  ts: string;
  /** JSON-RPC id inside the payload (default 1). */
  rpcId?: number | string;
  /** Presets whose names for the tool are shown (`presetNames`). */
  presets?: string[];
}

/**
 * Everything `mcpns call` prints for a dry run (the stable `--json` document, minus `schemaVersion`/`mode`):
 * `{ resolution, arguments, validation, decision, envelope, presetNames }`.
 */
export interface CallPlan {
  resolution: Resolution & { qualifiedName: string };
  arguments: ToolArguments;
  validation: CallValidation;
  decision: CallDecision;
  envelope: Record<string, unknown>;
  presetNames: Record<string, { name?: string; wireName?: string; dropped?: string }>;
  /** The resolved catalog entry (not part of the JSON document). */
  tool: CatalogTool;
}

/**
 * Resolve, type and validate arguments, decide request vs proposal and build the envelope: the whole dry
 * run as one pure function (no I/O, never sends anything). Throws TOOL_NOT_FOUND / TOOL_AMBIGUOUS,
 * ARGS_INVALID, SCHEMA_INVALID and NO_CAPABILITY; failing arguments come back in `validation`
 * (use `assertValid` to turn them into ARGS_SCHEMA_MISMATCH).
 */
export function planCall(input: CallPlanInput): CallPlan {
  const resolution = resolveToolName(input.name, input.catalog, input.resolve);
  const tool = findTool(input.catalog, resolution);
  if (!tool) throw new McpnsError('INTERNAL', `resolved ${resolution.server}/${resolution.tool} is not in the catalog`);
  const args = mergeArguments(input.arguments, parseKeyValueArguments(input.pairs ?? [], tool.inputSchema));
  const label = `${tool.server}/${tool.name}`;
  let validation: CallValidation = { performed: false, valid: true, violations: [] };
  if (input.validate !== false) {
    const result = validateArguments(tool.inputSchema ?? { type: 'object' }, args, label);
    validation = {
      performed: true,
      valid: result.valid,
      dialect: result.dialect,
      ...(result.note ? { note: result.note } : {}),
      violations: result.violations,
    };
  }
  const request = buildToolsCall(tool.name, args, input.rpcId ?? 1);
  let decision: CallDecision;
  let envelope: Record<string, unknown>;
  if (input.envelope === 'mew') {
    const decided = decideKind(input.participant, { method: request.method, params: request.params });
    decision = { format: 'mew', participant: decided.participant, kind: decided.kind, capability: decided.matched, reason: decided.reason };
    envelope = { ...buildMewEnvelope({ id: input.id, ts: input.ts, from: input.participant.id, server: tool.server, kind: decided.kind, request }) };
  } else if (input.envelope === 'mcpx') {
    decision = {
      format: 'mcpx',
      participant: input.participant.id,
      kind: 'mcp',
      reason: 'MCPx v0 has no capabilities or proposals: a request to exactly one peer',
    };
    envelope = { ...buildMcpxEnvelope({ id: input.id, ts: input.ts, from: input.participant.id, server: tool.server, request }) };
  } else {
    decision = {
      format: 'jsonrpc',
      participant: input.participant.id,
      kind: 'request',
      reason: `plain MCP request, sent over the session with server ${tool.server}`,
    };
    envelope = { ...request };
  }
  const qualifiedName = input.catalog.tools.length ? qualifiedNameOf(input, resolution) : label;
  return {
    resolution: { ...resolution, qualifiedName },
    arguments: args,
    validation,
    decision,
    envelope,
    presetNames: presetNames(input.catalog, resolution, input.presets ?? [], {
      ...(input.resolve.prefixes ? { prefixes: input.resolve.prefixes } : {}),
      ...(input.resolve.serverOrder ? { serverOrder: input.resolve.serverOrder } : {}),
      ...(input.resolve.getTarget ? { getTarget: input.resolve.getTarget } : {}),
    }),
    tool,
  };
}

/** The pair's name in the active style. */
function qualifiedNameOf(input: CallPlanInput, resolution: Resolution): string {
  const names = presetNames(input.catalog, resolution, [input.resolve.style], {
    ...(input.resolve.prefixes ? { prefixes: input.resolve.prefixes } : {}),
    ...(input.resolve.serverOrder ? { serverOrder: input.resolve.serverOrder } : {}),
    ...(input.resolve.getTarget ? { getTarget: input.resolve.getTarget } : {}),
  });
  return names[input.resolve.style]?.name ?? `${resolution.server}/${resolution.tool}`;
}

/** ARGS_SCHEMA_MISMATCH (exit 2) listing every violation, when validation failed. */
export function assertValid(plan: CallPlan): void {
  if (plan.validation.valid) return;
  const { violations } = plan.validation;
  throw new McpnsError(
    'ARGS_SCHEMA_MISMATCH',
    `arguments do not match the input schema of ${plan.tool.server}/${plan.tool.name} (${violations.length} violation${violations.length === 1 ? '' : 's'}):\n${formatViolations(violations)}`,
    { hint: '--no-validate sends them anyway', details: { violations } },
  );
}

/** The `--json` document of a dry run. */
export function callDocument(plan: CallPlan, mode: 'dry-run' | 'execute' = 'dry-run'): Record<string, unknown> {
  return {
    schemaVersion: CALL_SCHEMA_VERSION,
    mode,
    resolution: plan.resolution,
    arguments: plan.arguments,
    validation: plan.validation,
    decision: plan.decision,
    envelope: plan.envelope,
    presetNames: plan.presetNames,
  };
}
