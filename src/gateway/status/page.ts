/**
 * The status page: a snapshot of the gateway (servers, exposed tools, recent calls and events) and the HTML that shows
 * it. Self-contained (no external asset), every server-provided string escaped; it works as a plain page without
 * JavaScript, and its one script (allowed by the response's CSP nonce) re-renders the tables from the event stream
 * with `textContent` only.
 */
import type { Gateway } from '../engine.js';
import type { ActivityEntry, EventEntry, StatusFeed } from './feed.js';

export interface StatusSnapshot {
  generatedAt: string;
  servers: Array<{ name: string; status: string; tools: number; inflight: number; restarts: number; protocol?: string; error?: string; stderr?: string[] }>;
  tools: Array<{ name: string; server: string; tool: string; title?: string }>;
  activity: Array<ActivityEntry & { name?: string }>;
  events: EventEntry[];
}

/** Newest first, at most this many rows of calls and events on the page. */
const ROWS = 50;

export function statusSnapshot(
  gateway: Pick<Gateway, 'exposure' | 'status'>,
  feed: StatusFeed,
  redact: (text: string) => string,
  now = new Date(),
): StatusSnapshot {
  const exposure = gateway.exposure;
  const exposedOf = new Map<string, string>();
  const tools = exposure.tools.map((item) => {
    const name = item['name'] as string;
    const route = exposure.toolRoutes.get(name);
    // A tool the gateway answers itself (router mode's search_tools…) has no upstream: shown as the gateway's.
    if (route) exposedOf.set(`${route.server}\0${route.name}`, name);
    const title = typeof item['title'] === 'string' ? { title: item['title'] } : {};
    return { name, server: route?.server ?? '(gateway)', tool: route?.name ?? name, ...title };
  });
  return {
    generatedAt: now.toISOString(),
    servers: gateway.status().map((entry) => {
      const stderr = feed.stderr(entry.server);
      return {
        name: entry.server,
        status: entry.status,
        tools: entry.tools,
        inflight: entry.inflight,
        restarts: feed.restarts(entry.server),
        ...(entry.protocol ? { protocol: entry.protocol } : {}),
        ...(entry.error ? { error: redact(`${entry.error.code}: ${entry.error.message}`) } : {}),
        ...(stderr.length ? { stderr: [...stderr] } : {}),
      };
    }),
    tools,
    activity: feed
      .activity()
      .slice(-ROWS)
      .reverse()
      .map((entry) => {
        const name = entry.server !== undefined && entry.tool !== undefined ? exposedOf.get(`${entry.server}\0${entry.tool}`) : undefined;
        return { ...entry, ...(name !== undefined ? { name } : {}) };
      }),
    events: feed.events().slice(-ROWS).reverse(),
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

type TableId = 'servers' | 'tools' | 'activity' | 'events';

/** A state or outcome cell's class (the script sets the same). */
const classOf = (table: TableId, index: number, value: string): string | undefined =>
  table === 'servers' && index === 1 ? `s-${value}` : table === 'activity' && index === 3 ? `o-${value}` : undefined;

const cells = (table: TableId, values: readonly string[]): string =>
  `<tr>${values
    .map((value, index) => {
      const name = classOf(table, index, value);
      return `<td${name ? ` class="${escapeHtml(name)}"` : ''}>${escapeHtml(value)}</td>`;
    })
    .join('')}</tr>`;

/** The rows of each table, as the script builds them too (same columns, same order). */
export function rows(snapshot: StatusSnapshot): Record<TableId, string[][]> {
  return {
    servers: snapshot.servers.map((server) => [
      server.name,
      server.status,
      String(server.tools),
      String(server.inflight),
      String(server.restarts),
      server.protocol ?? '',
      [server.error ?? '', ...(server.stderr ?? []).map((line) => `| ${line}`)].filter(Boolean).join('\n'),
    ]),
    tools: snapshot.tools.map((tool) => [tool.name, tool.server, tool.tool, tool.title ?? '']),
    activity: snapshot.activity.map((entry) => [
      entry.time.slice(11, 23),
      entry.name ?? (entry.tool !== undefined ? `${entry.server ?? ''}/${entry.tool}` : entry.method),
      `${entry.durationMs < 10 ? entry.durationMs.toFixed(1) : Math.round(entry.durationMs)} ms`,
      entry.outcome,
    ]),
    events: snapshot.events.map((entry) => [entry.time.slice(11, 19), entry.server ?? '', entry.type, entry.text]),
  };
}

/** The first line of the page: how many tools from how many servers up. */
export function summary(snapshot: StatusSnapshot): string {
  const up = snapshot.servers.filter((server) => server.status === 'up').length;
  return `${snapshot.tools.length} tools from ${up} of ${snapshot.servers.length} servers up`;
}

const TABLES: Array<{ id: TableId; title: string; columns: string[] }> = [
  { id: 'servers', title: 'Servers', columns: ['server', 'state', 'tools', 'in flight', 'restarts', 'protocol', 'last error'] },
  { id: 'activity', title: 'Recent calls', columns: ['time (UTC)', 'tool', 'duration', 'outcome'] },
  { id: 'tools', title: 'Tools', columns: ['exposed name', 'server', 'tool', 'title'] },
  { id: 'events', title: 'Events', columns: ['time (UTC)', 'server', 'event', 'detail'] },
];

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.3em;margin:0 0 .2em}h2{font-size:1.05em;margin:1.4em 0 .4em}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25em .6em;border-bottom:1px solid #ddd;vertical-align:top}
td{white-space:pre-wrap;word-break:break-word}th{background:#f4f4f4;font-weight:600}
.s-up{color:#176f2c;font-weight:600}.s-failed,.s-down,.o-error,.o-isError{color:#b00020;font-weight:600}
#live{color:#666;font-size:.9em}`;

/** The client side: rebuild each table body from a snapshot (textContent only), on every event of the stream. */
const SCRIPT = `(() => {
  const ids = ${JSON.stringify(TABLES.map((table) => table.id))};
  const live = document.getElementById('live');
  const render = (data) => {
    document.getElementById('summary').textContent = data.summary;
    for (const id of ids) {
      const body = document.getElementById(id);
      const next = document.createElement('tbody');
      next.id = id;
      for (const row of data.rows[id]) {
        const tr = document.createElement('tr');
        row.forEach((value, index) => {
          const td = document.createElement('td');
          td.textContent = value;
          if (id === 'servers' && index === 1) td.className = 's-' + value;
          if (id === 'activity' && index === 3) td.className = 'o-' + value;
          tr.appendChild(td);
        });
        next.appendChild(tr);
      }
      body.replaceWith(next);
    }
    live.textContent = 'live · updated ' + data.generatedAt.slice(11, 19) + ' UTC';
  };
  const source = new EventSource('/status/events');
  source.addEventListener('snapshot', (event) => render(JSON.parse(event.data)));
  source.onerror = () => { live.textContent = 'reconnecting…'; };
})();`;

/** What the stream sends: the summary and the rows, ready to show. */
export function streamPayload(snapshot: StatusSnapshot): string {
  return JSON.stringify({ generatedAt: snapshot.generatedAt, summary: summary(snapshot), rows: rows(snapshot) });
}

/** The whole page for one snapshot; `nonce` allows its style and script. */
export function renderPage(snapshot: StatusSnapshot, nonce: string): string {
  const tableRows = rows(snapshot);
  const tables = TABLES.map(
    (table) =>
      `<h2>${table.title}</h2>\n<table><thead><tr>${table.columns.map((column) => `<th>${column}</th>`).join('')}</tr></thead>` +
      `<tbody id="${table.id}">${tableRows[table.id].map((row) => cells(table.id, row)).join('')}</tbody></table>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcpns gateway</title>
<link rel="icon" href="data:,">
<noscript><meta http-equiv="refresh" content="10"></noscript>
<style nonce="${nonce}">${STYLE}</style></head>
<body><h1>mcpns gateway</h1>
<p><span id="summary">${escapeHtml(summary(snapshot))}</span> · <span id="live">as of ${snapshot.generatedAt.slice(11, 19)} UTC</span></p>
${tables}
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>
`;
}
