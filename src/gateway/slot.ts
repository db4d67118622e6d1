/**
 * One configured server as the gateway holds it: its state (idle, starting, up, down, failed, closed), its sessions,
 * what it offers, and its calls in flight; with the lists a session is asked for when it is taken into service.
 */
import type { ServerSpec } from '../config/model.js';
import type { Offer } from './exposure.js';
import { CallsInFlight } from './inflight.js';
import type { Upstream } from './upstream.js';

export interface Slot {
  spec: ServerSpec;
  upstream?: Upstream | undefined;
  /** `failed`: a failure retrying cannot cure; `down`: retried with backoff. */
  status: 'idle' | 'starting' | 'up' | 'down' | 'failed' | 'closed';
  starting?: Promise<void> | undefined;
  offer: Offer;
  error?: { code: string; message: string } | undefined;
  failures: number;
  timer?: NodeJS.Timeout | undefined;
  inflight: CallsInFlight;
  /** A crash cut these calls: they fail with this reason. */
  lostReason?: string | undefined;
  refreshing?: Promise<void> | undefined;
  refreshAgain?: boolean;
  logWindow: { second: number; count: number; dropped: number };
  /** Upstream URIs subscribed to, with how many downstream subscriptions want each. */
  subscribed: Map<string, number>;
  /**
   * An HTTP server that also speaks 2026-07-28 gets a second session on that wire: a server may offer some tools,
   * prompts or resources only there (input_required ones among them). 2026-07-28 calls go to it when it has the item.
   */
  modern?: Upstream | undefined;
  /** What each session offers (`tool:<name>`, `prompt:<name>`, `resource:<uri>`), to send a request where its item is. */
  names: { legacy: Set<string>; modern: Set<string> };
}
export function newSlot(spec: ServerSpec): Slot {
  return {
    spec,
    status: 'idle',
    offer: { server: spec.name, tools: [], prompts: [], resources: [], templates: [] },
    failures: 0,
    inflight: new CallsInFlight(),
    logWindow: { second: 0, count: 0, dropped: 0 },
    subscribed: new Map(),
    names: { legacy: new Set(), modern: new Set() },
  };
}

/** Every list a session offers. */
export async function listOffer(upstream: Upstream): Promise<Omit<Offer, 'server'>> {
  const caps = upstream.capabilities;
  const [tools, prompts, resources, templates] = await Promise.all([
    caps['tools'] ? upstream.listTools().then((listing) => listing.tools) : [],
    caps['prompts'] ? upstream.listAll('prompts/list', 'prompts', 100) : [],
    caps['resources'] ? upstream.listAll('resources/list', 'resources', 100) : [],
    caps['resources'] ? upstream.listAll('resources/templates/list', 'resourceTemplates', 100).catch(() => []) : [],
  ]);
  return { tools, prompts, resources, templates };
}

/** `tool:<name>`, `prompt:<name>`, `resource:<uri>` and `template:<uriTemplate>` of an offer. */
export function offerNames(offer: Omit<Offer, 'server'>): Set<string> {
  return new Set([
    ...offer.tools.map((tool) => `tool:${String(tool['name'])}`),
    ...offer.prompts.map((prompt) => `prompt:${String(prompt['name'])}`),
    ...offer.resources.map((resource) => `resource:${String(resource['uri'])}`),
    ...offer.templates.map((template) => `template:${String(template['uriTemplate'])}`),
  ]);
}
