/** Plain JSON objects at the gateway's seams, checked rather than cast. */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';

const JsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * `value` as the plain JSON object the engine passes on (a client's answer to a request the gateway forwarded: the SDK
 * has checked it against the method's result schema, the engine only needs it to be an object). Anything else is an
 * internal error naming `what`.
 */
export function jsonObject(value: unknown, what: string): Record<string, unknown> {
  const parsed = JsonObjectSchema.safeParse(value);
  if (!parsed.success) throw new ProtocolError(ProtocolErrorCode.InternalError, `${what} is not a JSON object`);
  return parsed.data;
}

/**
 * The messages of an `application/json` answer body: one JSON value (a message, or an array of them), or — from a
 * server that writes one message per line into a JSON body, as the conformance suite's reference server does for its
 * streaming diagnostics (a progress notification, then the answer) — each line's value in order. Undefined when the
 * body is neither (a line that is not JSON fails the whole body: nothing half-read is passed on).
 */
export function jsonBodyMessages(text: string): unknown[] | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value : [value];
  } catch {
    // Not one JSON value: perhaps one per line.
  }
  const values: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch {
      return undefined;
    }
  }
  return values.length > 1 ? values : undefined;
}
