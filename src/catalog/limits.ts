import { exceedsJsonLimits, type JsonLimits } from '../util/json-walk.js';

/**
 * Limits on one tool definition. Every later step (redaction, hashing, JSON output, ajv, exporters) walks or
 * serialises the definition, and several of them recurse (ajv's compiler, JSON.stringify): a deeper or larger
 * tool becomes MALFORMED_TOOL with the reason, so one hostile tool cannot take down the run or the other
 * servers' output. Applied to what servers send and to catalog files read with --catalog.
 */
export const DEFAULT_TOOL_LIMITS: JsonLimits = { maxDepth: 256, maxBytes: 16 * 1024 * 1024 };

/** "the definition is nested more than 256 levels deep", or undefined when the value is within the limits. */
export function definitionProblem(value: unknown, limits: JsonLimits = DEFAULT_TOOL_LIMITS): string | undefined {
  const problem = exceedsJsonLimits(value, limits);
  return problem ? `the definition is ${problem}` : undefined;
}
