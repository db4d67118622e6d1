/**
 * `createGateway()`: the namespacing gateway as a library. Start it, then serve it over stdio or Streamable HTTP;
 * close it to end every upstream. The CLI's `mcpns serve` is a thin layer over this.
 */
import { Gateway } from './engine.js';
import type { GatewayOptions } from './types.js';

export { Gateway } from './engine.js';
export type { DownstreamCall, DownstreamSession, GatewayEvent, GatewayOptions, RequestLogEntry } from './types.js';
export type { Exposure, Offer, Route } from './exposure.js';
export { DEFAULT_GATEWAY_STYLE, exposeNames, type NamingSettings, type ShortenedName } from './names.js';
export { serveGatewayStdio } from './serve-stdio.js';
export { LIST_WAIT_MS } from './listing.js';
export type { ConnectContext, UpstreamFactory } from './start-up.js';
export type { JsonObject, Upstream, UpstreamHooks } from './upstream.js';
export type { ListTransform, LocalCallContext, LocalTool, ToolProvider } from './provider.js';

/** A gateway over the given servers; nothing starts until `start()` (or the first request with `lazy`). */
export function createGateway(options: GatewayOptions): Gateway {
  return new Gateway(options);
}
