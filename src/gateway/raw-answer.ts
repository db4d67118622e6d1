/**
 * Reading an upstream's answers without the SDK: where a raw request's id is in a result line (so the line can be
 * passed on as it came), whether an answer is a well-formed JSON-RPC result or error, and a JSON-RPC error's parts.
 */
/** A plain JSON object (upstream.ts's JsonObject; not imported from there, which imports this file). */
type JsonObject = Record<string, unknown>;

/** The ids of the gateway's raw requests: `mcpns:<n>` (an SDK's own ids are numbers). */
export const RAW_ID_PREFIX = 'mcpns:';
/** How the SDKs serialize a result (`{"result":{…},"jsonrpc":"2.0","id":"mcpns:<n>"}`): its head and its tail. */
const RESULT_HEAD = '{"result":';
const RESULT_TAIL = `,"jsonrpc":"2.0","id":"${RAW_ID_PREFIX}`;

/**
 * Where a raw request's id is in an answer line that is a result exactly as the SDKs write one —
 * `{"result":{…},"jsonrpc":"2.0","id":"mcpns:7"}`: the result an object, then those two members and nothing else —
 * with the bounds of the id's value (quotes included). The result object's end is found by a scan that skips strings
 * (no values are built). Anything else (an error, another order, another member, spaces) is undefined: the line is
 * parsed and checked. Inside the result nothing is checked: a client reads it as it would read the server directly.
 */
export function rawResultAt(text: string): { id: string; start: number; end: number } | undefined {
  const end = text.length - 1;
  if (text.charCodeAt(end) !== 0x7d || text.charCodeAt(end - 1) !== 0x22 || !text.startsWith(RESULT_HEAD)) return undefined;
  if (text.charCodeAt(RESULT_HEAD.length) !== 0x7b) return undefined;
  const close = closingBracket(text, RESULT_HEAD.length);
  if (close < 0 || !text.startsWith(RESULT_TAIL, close + 1)) return undefined;
  const digitsFrom = close + 1 + RESULT_TAIL.length;
  if (digitsFrom >= end - 1) return undefined;
  for (let index = digitsFrom; index < end - 1; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  const start = digitsFrom - RAW_ID_PREFIX.length - 1;
  return { id: text.slice(start + 1, end - 1), start, end };
}

/** The index of the bracket that closes the one at `open` (strings and their escapes skipped); -1 when none does. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x7b || code === 0x5b) depth++;
    else if ((code === 0x7d || code === 0x5d) && --depth === 0) return index;
  }
  return -1;
}

/** A raw answer as it may be passed on: a result object, or an error with a numeric code and a message. */
export function wellFormed(answer: {
  result?: unknown;
  error?: unknown;
}): { result: JsonObject } | { error: { code: number; message: string; data?: unknown } } | undefined {
  const { result, error } = answer;
  if (error !== undefined) {
    const candidate = error as { code?: unknown; message?: unknown; data?: unknown } | null;
    if (!candidate || typeof candidate !== 'object' || !Number.isInteger(candidate.code) || typeof candidate.message !== 'string') return undefined;
    return { error: { code: candidate.code as number, message: candidate.message, ...(candidate.data !== undefined ? { data: candidate.data } : {}) } };
  }
  if (!result || typeof result !== 'object' || Array.isArray(result)) return undefined;
  // The answer itself (its result is what is read): no copy per call.
  return answer as { result: JsonObject };
}

/** A JSON-RPC error from an upstream, as code/message/data (undefined when the failure was not a JSON-RPC error). */
export function upstreamRpcError(error: unknown): { code: number; message: string; data?: unknown } | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
  // The SDK prefixes "MCP error <code>: "; the downstream sees the server's own words.
  const message = error.message.replace(/^MCP error -?\d+: /, '');
  const data = (error as { data?: unknown }).data;
  return { code, message, ...(data !== undefined ? { data } : {}) };
}
