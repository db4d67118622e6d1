/**
 * Fake upstreams for the gateway's unit tests (`createGateway({ connect })`): no process, no network. Each fake answers
 * when the test says so, so every ordering is forced, never timed.
 */
import type { ServerSpec } from '../../src/config/model.js';
import {
  createGateway,
  type DownstreamCall,
  type DownstreamSession,
  type Gateway,
  type GatewayOptions,
  type JsonObject,
  type Upstream,
  type UpstreamFactory,
} from '../../src/gateway/index.js';
import type { FastDownstream } from '../../src/gateway/types.js';
import type { RawHandlers } from '../../src/gateway/upstream.js';
import { serverSpec } from './fixtures.js';

export type FakeUpstream = Upstream & { requests: Array<{ method: string; params: JsonObject | undefined }> };

/** A connected fake server offering `tools`; it records the requests it gets and answers a call with its own name. */
export function fakeUpstream(name: string, tools: string[]): FakeUpstream {
  const requests: Array<{ method: string; params: JsonObject | undefined }> = [];
  return {
    name,
    capabilities: { tools: {} },
    serverInfo: { name, version: '1' },
    protocolVersion: '2025-11-25',
    instructions: undefined,
    requests,
    request: async (method, params) => {
      requests.push({ method, params });
      if (method === 'tools/call') return { content: [{ type: 'text', text: `${name}:${String(params?.['name'])}` }] };
      return {};
    },
    notify: async () => {},
    listTools: async () => ({ tools: tools.map((tool) => ({ name: tool, inputSchema: { type: 'object' } })), malformed: 0 }),
    listAll: async () => [],
    stderr: () => '',
    onLost: () => {},
    close: async () => {},
  };
}

/** A factory whose connections the test completes: `release(name)` hands that server's fake over. */
export function gatedFactory(offers: Record<string, string[]>) {
  const asked: string[] = [];
  const gates = new Map<string, { resolve(upstream: Upstream): void; reject(error: Error): void }>();
  const fakes = new Map<string, FakeUpstream>();
  const connect: UpstreamFactory = (spec) => {
    asked.push(spec.name);
    if (spec.name === 'never') return new Promise(() => {});
    return new Promise((resolve, reject) => gates.set(spec.name, { resolve, reject }));
  };
  const release = (name: string, fake: FakeUpstream = fakeUpstream(name, offers[name] ?? [])): FakeUpstream => {
    fakes.set(name, fake);
    gates.get(name)!.resolve(fake);
    return fake;
  };
  return { connect, asked, release, fakes, gates };
}

export const NAMING = { style: 'double-underscore', key: 'mcpns' };

export const specs = (...names: string[]): ServerSpec[] =>
  names.map((name) => serverSpec({ name, source: { client: 'mcpns', file: 'x.json', pointer: `/servers/${name}` } }));

/** A downstream session that records the notifications it is sent. */
export function fakeSession(): DownstreamSession & { sent: string[] } {
  const sent: string[] = [];
  return { id: 'test', clientCapabilities: () => ({}), notify: async (method) => void sent.push(method), subscriptions: new Set(), sent };
}

/** A downstream call of `session` (its signal from `controller` when given). */
export const fakeCall = (session: DownstreamSession, controller = new AbortController()): DownstreamCall => ({
  session,
  signal: controller.signal,
  notify: async () => {},
  send: async () => ({}),
});

export const toolNames = (page: JsonObject): string[] => (page['tools'] as JsonObject[]).map((tool) => String(tool['name']));

/** Let pending promise callbacks run (no timer: the fakes answer within the same turn). */
export const settle = async (): Promise<void> => {
  for (let index = 0; index < 10; index++) await Promise.resolve();
};

/** What a fake's raw (fast-path) request got: its id, params and handlers. */
export interface RawSent {
  id: string;
  params: JsonObject;
  handlers: RawHandlers;
}

/**
 * A fake server with the fast path (`sendRaw`) whose requests — raw or not — are answered only when the test says so;
 * a request of the SDK path rejects when its signal aborts, as the SDK does. `lose(reason, inFlightMayFinish)` ends
 * the session as the connection layer reports it.
 */
export function holdingUpstream(name: string, tools: string[], stderr = '') {
  const base = fakeUpstream(name, tools);
  const raw: RawSent[] = [];
  const cancelled: string[] = [];
  const held: Array<{ method: string; params: JsonObject | undefined; signal?: AbortSignal | undefined; answer(result: JsonObject): void }> = [];
  let lost: ((reason: string, inFlightMayFinish?: boolean) => void) | undefined;
  let counter = 0;
  const upstream: Upstream = {
    ...base,
    stderr: () => stderr,
    request: (method, params, options) => {
      if (method !== 'tools/call') return base.request(method, params, options);
      return new Promise((resolve, reject) => {
        held.push({ method, params, signal: options?.signal, answer: resolve });
        options?.signal?.addEventListener('abort', () => reject(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted')), {
          once: true,
        });
      });
    },
    sendRaw: (_method, params, handlers) => {
      const id = `mcpns:${++counter}`;
      raw.push({ id, params, handlers });
      return id;
    },
    cancelRaw: (id) => void cancelled.push(id),
    onLost: (callback) => void (lost = callback),
  };
  return { upstream, raw, cancelled, held, lose: (reason: string, inFlightMayFinish?: boolean) => lost?.(reason, inFlightMayFinish) };
}

/** A fast-path writer that records what it is asked to write. */
export function recordingDownstream(): FastDownstream & { replies: JsonObject[] } {
  const replies: JsonObject[] = [];
  return { replies, reply: (message) => void replies.push(message), notify: async () => {}, request: async () => ({}) };
}

/** A gateway over fakes offering `offers` (server → tool names), not started: the test releases each fake. */
export function gatewayOver(offers: Record<string, string[]>, options: Partial<GatewayOptions> = {}) {
  const factory = gatedFactory(offers);
  const gateway = createGateway({
    servers: specs(...Object.keys(offers)),
    naming: NAMING,
    discovery: { concurrency: 4 },
    connect: factory.connect,
    ...options,
  });
  return { gateway, factory };
}

/**
 * A gateway over fakes offering `offers`, started with every fake released; `beforeStart` sees the gateway first
 * (router mode attaches to it there).
 */
export async function startedGateway(offers: Record<string, string[]>, options: Partial<GatewayOptions> = {}, beforeStart?: (gateway: Gateway) => void) {
  const { gateway, factory } = gatewayOver(offers, options);
  beforeStart?.(gateway);
  const start = gateway.start();
  for (const name of Object.keys(offers)) factory.release(name);
  await start;
  return { gateway, factory };
}
