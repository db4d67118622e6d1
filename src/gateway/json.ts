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
