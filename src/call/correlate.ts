import { buildMewEnvelope, buildResponseEnvelope } from './envelope.js';
import type { CallPlan } from './plan.js';

/** Who fulfils a proposal when `--execute` runs it: the person confirming the call (MEW SPEC §3 fulfillment). */
export const FULFILLER = 'operator';

/** The envelopes that answer an executed call. */
export interface CorrelatedResult {
  /** A MEW proposal is not a call: the operator confirming it fulfils it with a request correlated to the proposal. */
  fulfillment?: Record<string, unknown>;
  /** The response, correlated to the request (or to the fulfillment) and echoing its JSON-RPC id. */
  response: Record<string, unknown>;
}

/**
 * Correlate a tools/call result with the envelope the plan printed. `id` names each derived envelope from its role
 * (`fulfillment`, `response`); `fallbackId` answers a request envelope without an id of its own.
 */
export function correlateResult(
  plan: CallPlan,
  result: Record<string, unknown>,
  ids: { id: (role: 'fulfillment' | 'response') => string; ts: string; fallbackId: string },
): CorrelatedResult {
  const { tool, decision, envelope: request } = plan;
  let fulfillment: Record<string, unknown> | undefined;
  let answered = String(request['id'] ?? ids.fallbackId);
  let to = decision.participant;
  if (decision.format === 'mew' && decision.kind === 'mcp/proposal') {
    const call = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call' as const, params: { name: tool.name, arguments: plan.arguments } };
    fulfillment = {
      ...buildMewEnvelope({
        id: ids.id('fulfillment'),
        ts: ids.ts,
        from: FULFILLER,
        server: tool.server,
        kind: 'mcp/request',
        request: call,
        correlationId: answered,
      }),
    };
    answered = String(fulfillment['id']);
    to = FULFILLER;
  }
  const rpcId =
    decision.format === 'jsonrpc'
      ? ((request['id'] as number | string | undefined) ?? 1)
      : (((request['payload'] as Record<string, unknown>)['id'] as number | string | undefined) ?? 1);
  const response = buildResponseEnvelope(decision.format, { id: ids.id('response'), ts: ids.ts, server: tool.server, to, requestId: answered, rpcId, result });
  return { ...(fulfillment ? { fulfillment } : {}), response };
}
