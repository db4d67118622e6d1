import { describe, expect, it } from 'vitest';
import { correlateResult, FULFILLER } from '../../../src/call/correlate.js';
import { callTimeoutError, elicitationOutcomeError, type ElicitationTally } from '../../../src/call/outcome.js';
import { planCall, type CallPlan } from '../../../src/call/plan.js';
import type { EnvelopeFormat } from '../../../src/call/envelope.js';
import { catalogOf } from './helpers.js';

const catalog = catalogOf({ calculator: ['add'] });
const result = { content: [{ type: 'text', text: '8' }] };
const fixedIds = { id: (role: string) => `env-1-${role}`, ts: '2026-01-01T00:00:00Z', fallbackId: 'env-1' };

function plan(envelope: EnvelopeFormat, capabilities = [{ kind: 'mcp/*' }]): CallPlan {
  return planCall({
    name: 'calculator/add',
    catalog,
    resolve: { style: 'slash' },
    envelope,
    participant: { id: 'agent', capabilities },
    id: 'env-1',
    ts: '2026-01-01T00:00:00Z',
  });
}

describe('correlateResult', () => {
  it('answers a MEW request with an mcp/response correlated to it, echoing its JSON-RPC id', () => {
    const { fulfillment, response } = correlateResult(plan('mew'), result, fixedIds);
    expect(fulfillment).toBeUndefined();
    expect(response).toMatchObject({ id: 'env-1-response', kind: 'mcp/response', from: 'calculator', to: ['agent'], correlation_id: ['env-1'] });
    expect(response['payload']).toEqual({ jsonrpc: '2.0', id: 1, result });
  });

  it('fulfils a MEW proposal by the operator, and answers the fulfillment', () => {
    const proposal = plan('mew', [{ kind: 'mcp/proposal' }]);
    expect(proposal.decision.kind).toBe('mcp/proposal');
    const { fulfillment, response } = correlateResult(proposal, result, fixedIds);
    expect(fulfillment).toMatchObject({ id: 'env-1-fulfillment', from: FULFILLER, kind: 'mcp/request', correlation_id: ['env-1'] });
    expect(response).toMatchObject({ to: [FULFILLER], correlation_id: ['env-1-fulfillment'] });
  });

  it('answers plain JSON-RPC with the response message itself', () => {
    expect(correlateResult(plan('jsonrpc'), result, fixedIds).response).toEqual({ jsonrpc: '2.0', id: 1, result });
  });
});

describe('call outcomes', () => {
  it('CALL_TIMEOUT names the limit and its flag, exit 1', () => {
    const error = callTimeoutError('calculator/add', { limit: 'max-call-time', limitMs: 1500, elapsedMs: 1520 });
    expect(error).toMatchObject({ code: 'CALL_TIMEOUT', exitCode: 1, hint: 'raise --max-call-time <ms>' });
    expect(error.message).toContain('still running at the 1500 ms ceiling (--max-call-time 1500); gave up after 1.5 s');
  });

  it('a form a script could not fill is ELICITATION_INCOMPLETE (exit 2) before any decline', () => {
    const tally: ElicitationTally = {
      declined: [{ server: 'deploy', mode: 'form', action: 'decline', by: 'user' }],
      unanswered: [{ server: 'deploy', message: 'How many?', missing: ['replicas'], problems: [] }],
    };
    expect(elicitationOutcomeError(tally)).toMatchObject({ code: 'ELICITATION_INCOMPLETE', exitCode: 2, details: { missing: ['replicas'] } });
  });

  it('a decline by policy is DECLINED (exit 1) with what to pass instead; nothing declined is no error', () => {
    const declined = elicitationOutcomeError({ declined: [{ server: 'deploy', mode: 'form', action: 'decline', by: 'policy' }], unanswered: [] });
    expect(declined).toMatchObject({ code: 'DECLINED', exitCode: 1, hint: 'pass --yes to accept the defaults, or --answers with the values' });
    expect(elicitationOutcomeError({ declined: [], unanswered: [] })).toBeUndefined();
  });
});
