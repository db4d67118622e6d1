import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * How deep a value in a server's message may nest before the rest is cut. The SDK's validators walk JSON values
 * recursively (capabilities, structured content): a hostile 10 000-level value overflows the stack inside the
 * message handler. Everything mcpns reads from a message is bounded at DEFAULT_TOOL_LIMITS (256 levels) and reported
 * there with its reason, so cutting at twice that never changes what mcpns reports.
 */
export const WIRE_MAX_DEPTH = 512;

/** What a cut subtree becomes: deep enough to still fail every 256-level check, shallow enough for any validator. */
const CUT = '[mcpns: nested too deep; cut here]';

/**
 * Replace every object or array nested deeper than `maxDepth` inside `message` by a short string, in place and
 * without recursion. Returns true when something was cut.
 */
export function capDepth(message: unknown, maxDepth = WIRE_MAX_DEPTH): boolean {
  if (message === null || typeof message !== 'object') return false;
  let cut = false;
  const stack: Array<[Record<string, unknown> | unknown[], number]> = [[message as Record<string, unknown>, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<string | number, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      if (depth >= maxDepth) {
        (node as Record<string | number, unknown>)[key] = CUT;
        cut = true;
      } else stack.push([child as Record<string, unknown>, depth + 1]);
    }
  }
  return cut;
}

/**
 * Every handler set on `transport.onmessage` (the SDK's negotiation window, then its Protocol) sees messages whose
 * values nest at most WIRE_MAX_DEPTH levels, and `observe` sees each message first. For transports mcpns does not own
 * (the SDK's HTTP and SSE transports); the stdio transport does both as it parses.
 */
export function guardInbound(transport: Transport, observe: (message: JSONRPCMessage) => void): void {
  let handler = transport.onmessage;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: Transport['onmessage']) => {
      handler =
        next &&
        ((message, extra) => {
          capDepth(message);
          observe(message);
          next(message, extra);
        });
    },
  });
}
