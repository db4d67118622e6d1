import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { DiscoveryError } from './errors.js';
import type { ProbeOutcome, RememberedRevision } from './revision-memory.js';
import { MODERN_REVISIONS, mutualModernRevision } from '../util/protocol-revisions.js';

// How a connection negotiates the protocol revision, and when a failed one is worth one more in the other era
// (session.ts connects by these plans).

/**
 * How long a stdio server may take to answer the `server/discover` probe (sent as soon as it is started) before it is
 * taken for a 2025-era server that ignores requests sent before `initialize`: it then gets `initialize` on the same
 * connection. Paid once per such server (the verdict is remembered, RevisionMemory). A 2026-07-28 server slower than
 * this to start is reached all the same (docs/protocol.md); it is recognized as such on the next run.
 */
export const PROBE_WAIT_MS = 2000;

/**
 * How one connection negotiates: `auto` probes with `server/discover` and falls back to `initialize`; `pin` speaks
 * 2026-07-28 only (the server was seen speaking it); `legacy` sends `initialize` straight away (the server was seen
 * speaking only the earlier revisions). `probe` is what to remember about how the era became known.
 */
export type Plan = { kind: 'auto' } | { kind: 'pin'; revision: string; probe: ProbeOutcome } | { kind: 'legacy'; probe: ProbeOutcome };

export function planFor(remembered: RememberedRevision | undefined): Plan {
  if (remembered?.era === 'legacy') return { kind: 'legacy', probe: 'remembered' };
  const revision = remembered?.era === 'modern' ? remembered.revision : undefined;
  if (revision !== undefined && MODERN_REVISIONS.includes(revision)) return { kind: 'pin', revision, probe: 'remembered' };
  return { kind: 'auto' };
}

/**
 * A failed connection that showed which era the server speaks: a stdio server that exited on the probe (servers on
 * SDKs that end on any request before `initialize`), `initialize` refused with a 2026-07-28 revision in the server's
 * `supported` list (a 2026-only server slow to answer the probe, or one upgraded since it was remembered), or a
 * remembered 2026-07-28 server that no longer speaks it. The caller connects once more with `next`.
 */
export class NegotiationRetry extends DiscoveryError {
  constructor(
    failed: DiscoveryError,
    readonly next: Plan,
    readonly note: string,
  ) {
    super(failed.reason, failed.message, {
      cause: failed.cause,
      ...(failed.hint ? { hint: failed.hint } : {}),
      ...(failed.serverCode !== undefined ? { serverCode: failed.serverCode } : {}),
      ...(failed.supported ? { supported: failed.supported } : {}),
    });
  }
}

/** What a failed connection under `plan` says about the server's era (undefined: nothing to retry). */
export function retryAfter(
  plan: Plan,
  failed: DiscoveryError,
  exited: boolean,
  probeAnswered: boolean,
  cause: unknown,
): { next: Plan; note: string } | undefined {
  const negotiationFailed = cause instanceof SdkError && cause.code === SdkErrorCode.EraNegotiationFailed;
  // Ended without answering the probe: during it, or after the wait, once it read the probe behind `initialize`.
  if (plan.kind === 'auto' && exited && !probeAnswered) {
    return { next: { kind: 'legacy', probe: 'exited' }, note: 'the server exited without answering the server/discover probe; started again with initialize' };
  }
  const modern = failed.reason === 'PROTOCOL_VERSION_UNSUPPORTED' ? mutualModernRevision(failed.supported) : undefined;
  if (plan.kind !== 'pin' && modern) {
    return {
      next: { kind: 'pin', revision: modern, probe: 'refused' },
      note: `the server refused initialize and supports ${modern}; connected again with server/discover`,
    };
  }
  if (plan.kind === 'pin' && (negotiationFailed || failed.reason === 'PROTOCOL_VERSION_UNSUPPORTED')) {
    return { next: { kind: 'auto' }, note: `the server no longer speaks ${plan.revision}; negotiating again` };
  }
  return undefined;
}
