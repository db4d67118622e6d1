/**
 * Routing simulation core (`mcpns call`, reused by `route`/`plan`): name resolution, argument parsing and
 * validation, MEW capability matching and envelope builders. Pure: plain data in, plain data out.
 */
export { resolveToolName, findTool, presetNames, type Resolution, type ResolutionVia, type ResolveOptions } from './resolve.js';
export { suggestNames, editDistance } from './suggest.js';
export { serverPriority, priorityFunction } from './priority.js';
export { parseArgumentsJson, parseKeyValueArguments, mergeArguments, type ToolArguments } from './arguments.js';
export {
  validateArguments,
  schemaDialect,
  formatViolations,
  pointerToPath,
  type ArgumentValidation,
  type ArgumentViolation,
  type SchemaDialect,
} from './validate.js';
export {
  DEFAULT_PARTICIPANT,
  decideKind,
  findCapability,
  matchesCapability,
  matchesKind,
  matchesPattern,
  parseCapabilities,
  type Capability,
  type CapabilityMessage,
  type KindDecision,
  type Participant,
} from './capabilities.js';
export {
  MEW_PROTOCOL,
  MCPX_PROTOCOL,
  buildToolsCall,
  buildMewEnvelope,
  buildMcpxEnvelope,
  buildResponseEnvelope,
  type EnvelopeFormat,
  type MewEnvelope,
  type McpxEnvelope,
  type ToolsCallRequest,
} from './envelope.js';
export { planCall, assertValid, callDocument, CALL_SCHEMA_VERSION, type CallPlan, type CallPlanInput, type CallDecision, type CallValidation } from './plan.js';
