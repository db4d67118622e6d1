/**
 * What the status page shows beyond the gateway's own state: the last calls (from the request log callback: time,
 * tool, duration, outcome — never arguments) and the last upstream events (from the event callback), each bounded,
 * and restarts per server (a server a config reload adds is started, not restarted: its count starts over). Listeners
 * are told of every change (the page's event stream).
 */
import type { GatewayEvent, ReloadStart, RequestLogEntry } from '../types.js';

export interface ActivityEntry {
  time: string;
  method: string;
  server?: string;
  tool?: string;
  durationMs: number;
  outcome: RequestLogEntry['outcome'];
}

export interface EventEntry {
  time: string;
  type: GatewayEvent['type'];
  server?: string;
  /** `upstream-up` of a server a config reload started: `added`, `changed` or `retried`. */
  reload?: ReloadStart;
  text: string;
}

export interface StatusFeed {
  onEvent(event: GatewayEvent): void;
  onRequest(entry: RequestLogEntry): void;
  /** Newest last. */
  activity(): readonly ActivityEntry[];
  events(): readonly EventEntry[];
  restarts(server: string): number;
  /** The last failure's stderr lines of a server (redacted). */
  stderr(server: string): readonly string[];
  /** Something else the page shows changed (a start ended, a reload: the findings were judged again). */
  touch(): void;
  /** Called after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Whether a page is watching (subscribed): calls are recorded only then, so the zero-copy path stays otherwise. */
  watched(): boolean;
}

export interface StatusFeedOptions {
  /** Entries kept of each kind (default 100). */
  maxEntries?: number;
  /** Applied to every text a server or the gateway produced (secrets out). */
  redact?: (text: string) => string;
  now?: () => Date;
}

export function createStatusFeed(options: StatusFeedOptions = {}): StatusFeed {
  const max = options.maxEntries ?? 100;
  const redact = options.redact ?? ((text: string) => text);
  const now = options.now ?? (() => new Date());
  const activity: ActivityEntry[] = [];
  const events: EventEntry[] = [];
  const restarts = new Map<string, number>();
  const stderr = new Map<string, string[]>();
  const listeners = new Set<() => void>();
  const push = <T>(list: T[], item: T): void => {
    list.push(item);
    if (list.length > max) list.splice(0, list.length - max);
  };
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    onEvent(event) {
      if (event.type === 'upstream-up' && event.reload === 'added') restarts.delete(event.server);
      else if (event.type === 'upstream-up' && event.restarted) restarts.set(event.server, (restarts.get(event.server) ?? 0) + 1);
      if (event.type === 'upstream-failed' && event.stderr?.length) stderr.set(event.server, event.stderr.slice(-10).map(redact));
      push(events, {
        time: now().toISOString(),
        type: event.type,
        ...('server' in event ? { server: event.server } : {}),
        ...(event.type === 'upstream-up' && event.reload ? { reload: event.reload } : {}),
        text: redact(describe(event)),
      });
      changed();
    },
    onRequest(entry) {
      push(activity, {
        time: entry.time,
        method: entry.method,
        ...(entry.server !== undefined ? { server: entry.server } : {}),
        ...(entry.tool !== undefined ? { tool: entry.tool } : {}),
        durationMs: entry.durationMs,
        outcome: entry.outcome,
      });
      changed();
    },
    touch: changed,
    activity: () => activity,
    events: () => events,
    restarts: (server) => restarts.get(server) ?? 0,
    stderr: (server) => stderr.get(server) ?? [],
    watched: () => listeners.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** How a server came into service: `ready`, `restarted`, `added by a config reload`, `restarted by a config reload`. */
export function upWording(event: { restarted: boolean; reload?: ReloadStart | undefined }): string {
  if (event.reload === 'added') return 'added by a config reload';
  if (event.reload) return 'restarted by a config reload';
  return event.restarted ? 'restarted' : 'ready';
}

/** One line for an event (as the CLI's status lines say it). */
function describe(event: GatewayEvent): string {
  switch (event.type) {
    case 'upstream-up':
      return `${upWording(event)}: ${event.tools} tools`;
    case 'upstream-failed':
      return `failed: ${event.code}: ${event.message}${event.retryInMs === undefined ? '' : ` (retrying in ${Math.round(event.retryInMs / 1000)} s)`}`;
    case 'upstream-lost':
      return event.message;
    case 'dropped-notifications':
      return `${event.count} log notifications dropped this second`;
    case 'exposure-changed':
      return `exposing ${event.tools} tools, ${event.prompts} prompts, ${event.resources} resources`;
    case 'collision-kept-apart':
      return `${event.kind} name ${event.name} kept apart as ${event.exposed.join(' and ')}`;
    case 'tool-name-reserved':
      return `tool name ${event.name} is the gateway's own (${event.provider}); ${event.taken} is not served under it`;
  }
}
