import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ResponseTooLargeError } from './errors.js';

/** Statuses whose responses have no body (a Response with one of them cannot be constructed with a body). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * fetch with a cap on every response body: a server streaming without end (or answering with gigabytes) is cut off
 * at `maxBytes`, `onTooLarge` runs, and reading the body fails with ResponseTooLargeError. A declared
 * Content-Length over the cap fails at once.
 */
export function cappedFetch(maxBytes: number, onTooLarge: () => void, base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body || NULL_BODY_STATUSES.has(response.status) || response.status < 200) return response;
    const fail = (): ResponseTooLargeError => {
      onTooLarge();
      return new ResponseTooLargeError(maxBytes);
    };
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      void response.body.cancel().catch(() => {});
      throw fail();
    }
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(fail());
        else controller.enqueue(chunk);
      },
    });
    const capped = new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
    // What the SDK's redirect handling reads of the original response.
    for (const key of ['url', 'redirected', 'type'] as const) Object.defineProperty(capped, key, { value: response[key] });
    return capped;
  };
}
