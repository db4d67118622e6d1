/**
 * The one failure mapper: every way a call can end without its upstream's answer, turned into the JSON-RPC error the
 * downstream client gets — on the SDK path, the fast path and for local tools alike. An upstream's own JSON-RPC
 * error passes unchanged (its code, message and data); everything else is said in mcpns's words, naming the server.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { SecretSet } from '../util/redact.js';
import { upstreamRpcError } from './raw-answer.js';
import { lostMessage } from './supervision.js';

/** The JSON-RPC code of a request that timed out (the SDKs' RequestTimeout). */
const REQUEST_TIMEOUT_CODE = -32001;

/** How a call ended without an answer. */
export type CallFailure =
  /** The connection to the server ended under the call (it exited, or answered this call's request with a 404). */
  | { kind: 'lost'; reason: string; stderr: string }
  /** No answer nor progress within the call ceiling (`callTimeoutMs`): the request was cancelled upstream. */
  | { kind: 'ceiling'; ms: number }
  /** The gateway ended it: its session was retired (a reload, a dropped session) and the drain bound passed. */
  | { kind: 'retired'; message: string }
  /** What a request of the SDK path rejected with (or a local tool threw); `lostReason` when its server was lost. */
  | { kind: 'thrown'; error: unknown; lostReason?: string | undefined };

/** The downstream answer to a call to `server` (undefined: a local tool) that ended as `failure`. */
export function downstreamFailure(server: string | undefined, failure: CallFailure, secrets?: SecretSet): ProtocolError {
  const about = server === undefined ? '' : `upstream server "${server}"`;
  switch (failure.kind) {
    case 'lost':
      return new ProtocolError(ProtocolErrorCode.InternalError, lostMessage(server ?? '', failure.reason, failure.stderr));
    case 'ceiling': {
      const bound = failure.ms % 1000 === 0 ? `${failure.ms / 1000} s` : `${failure.ms} ms`;
      return new ProtocolError(
        REQUEST_TIMEOUT_CODE,
        `${about} did not answer within ${bound} (mcpns's ceiling on one call, serve --call-timeout); the request was cancelled there`,
        { server, timeoutMs: failure.ms },
      );
    }
    case 'retired':
      return new ProtocolError(ProtocolErrorCode.InternalError, failure.message);
    case 'thrown': {
      const { error, lostReason } = failure;
      if (error instanceof ProtocolError) return error;
      if (lostReason) return new ProtocolError(ProtocolErrorCode.InternalError, lostReason);
      const rpc = upstreamRpcError(error);
      // The SDK's own "Connection closed" (-32000) when the upstream died under the call.
      if (rpc && rpc.code === -32000 && server !== undefined) return new ProtocolError(ProtocolErrorCode.InternalError, `${about}: ${rpc.message}`);
      if (rpc) return new ProtocolError(rpc.code, rpc.message, rpc.data);
      const message = error instanceof Error ? error.message : String(error);
      const text = secrets ? secrets.redact(message) : message;
      return new ProtocolError(ProtocolErrorCode.InternalError, server !== undefined ? `${about}: ${text}` : text);
    }
  }
}
