/**
 * The status page: a snapshot of the gateway (servers, findings, exposed tools with each client's names, recent calls
 * and events) and the HTML that shows it. Self-contained (no external asset), every server-provided string escaped;
 * it works as a plain page without JavaScript, and its one script (allowed by the response's CSP nonce) re-renders
 * the tables from the event stream with `textContent` only.
 */
import type { Severity } from '../../checks/types.js';
import type { ActivityEntry, EventEntry, StatusFeed } from './feed.js';
import type { FindingRow, NamesView, ViewedGateway } from './judged.js';

export interface StatusSnapshot {
  generatedAt: string;
  servers: Array<{ name: string; status: string; tools: number; inflight: number; restarts: number; protocol?: string; error?: string; stderr?: string[] }>;
  /** The clients whose names each tool carries in `names` (same order). */
  clients: string[];
  /**
   * What tools/list shows first (with each client's names), then the exposed tools it does not show (router mode:
   * `via: "router"`, found by search_tools and called through call_tool, never offered under a name of their own).
   * At most MAX_TOOLS; `toolsOmitted` counts the rest.
   */
  tools: Array<{ name: string; server: string; tool: string; title?: string; names?: Record<string, string>; via?: 'router' }>;
  toolsOmitted: number;
  /** How many tools tools/list shows (all of them but the router's hidden ones). */
  toolsListed: number;
  /** The most severe first, at most 200; `findingsOmitted` counts the rest, `findingCounts` all of them. */
  findings: FindingRow[];
  findingsOmitted: number;
  findingCounts: Record<Severity, number>;
  activity: Array<ActivityEntry & { name?: string }>;
  events: EventEntry[];
}

/** Newest first, at most this many rows of calls and events on the page. */
const ROWS = 50;
/** Tools listed on the page and in /status.json (each with a name per client). */
const MAX_TOOLS = 1000;

export function statusSnapshot(
  gateway: Pick<ViewedGateway, 'exposure' | 'status' | 'toolsListed'>,
  feed: StatusFeed,
  redact: (text: string) => string,
  now = new Date(),
  view?: () => NamesView,
): StatusSnapshot {
  const exposure = gateway.exposure;
  const exposedOf = new Map<string, string>();
  for (const [name, route] of exposure.toolRoutes) exposedOf.set(`${route.server}\0${route.name}`, name);
  const judged = view?.();
  const clients = judged?.clients ?? [];
  // What clients see listed first; then the tools a list transform (router mode's) hides, only as many as are shown:
  // the listing is a subset of the exposed tools, and in router mode it is small beside a catalog of thousands.
  const listed = gateway.toolsListed ?? exposure.tools;
  const listedNames = listed.length === exposure.tools.length ? undefined : new Set(listed.map((item) => String(item['name'])));
  const isListed = (name: string): boolean => listedNames?.has(name) ?? true;
  const shown = listed.slice(0, MAX_TOOLS);
  for (const item of listedNames ? exposure.tools : []) {
    if (shown.length >= MAX_TOOLS) break;
    if (!isListed(String(item['name']))) shown.push(item);
  }
  const tools = shown.map((item) => {
    const name = item['name'] as string;
    const route = exposure.toolRoutes.get(name);
    // A tool the gateway answers itself (router mode's search_tools…) has no upstream: shown as the gateway's.
    const title = typeof item['title'] === 'string' ? { title: item['title'] } : {};
    const given = isListed(name) ? judged?.names.get(name) : undefined;
    const names = given ? { names: Object.fromEntries(clients.map((client, index) => [client, given[index] ?? ''])) } : {};
    const via = isListed(name) ? {} : { via: 'router' as const };
    return { name, server: route?.server ?? '(gateway)', tool: route?.name ?? name, ...title, ...names, ...via };
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
    clients,
    tools,
    toolsOmitted: Math.max(0, Math.max(exposure.tools.length, listed.length) - tools.length),
    toolsListed: listed.length,
    findings: judged?.findings ?? [],
    findingsOmitted: judged?.findingsOmitted ?? 0,
    findingCounts: judged?.counts ?? { error: 0, warning: 0, info: 0 },
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

type TableId = 'servers' | 'findings' | 'tools' | 'activity' | 'events';

/** A state, severity or outcome cell's class (the script sets the same). */
const classOf = (table: TableId, index: number, value: string): string | undefined =>
  table === 'servers' && index === 1
    ? `s-${value}`
    : table === 'activity' && index === 3
      ? `o-${value}`
      : table === 'findings' && index === 0
        ? `v-${value}`
        : undefined;

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
    findings: snapshot.findings.map((finding) => [
      finding.severity,
      finding.code,
      finding.target ?? '',
      finding.about,
      finding.hint !== undefined ? `${finding.message}\nhint: ${finding.hint}` : finding.message,
    ]),
    tools: snapshot.tools.map((tool) => [
      tool.name,
      tool.server,
      tool.tool,
      tool.title ?? '',
      tool.via === 'router' ? THROUGH_ROUTER : byName(snapshot.clients, tool.names),
    ]),
    activity: snapshot.activity.map((entry) => [
      entry.time.slice(11, 23),
      entry.name ?? (entry.tool !== undefined ? `${entry.server ?? ''}/${entry.tool}` : entry.method),
      `${entry.durationMs < 10 ? entry.durationMs.toFixed(1) : Math.round(entry.durationMs)} ms`,
      entry.outcome,
    ]),
    events: snapshot.events.map((entry) => [entry.time.slice(11, 19), entry.server ?? '', entry.type, entry.text]),
  };
}

/** The names cell of a tool router mode does not list: no client is offered it under a name. */
const THROUGH_ROUTER = 'not listed: search_tools finds it, call_tool calls it';

/**
 * The names clients show one tool, a line per distinct name with the clients that show it
 * (`claude-code, codex: mcp__mcpns__docs__echo`): six names in three lines or fewer, readable beside the tool.
 */
function byName(clients: readonly string[], names: Record<string, string> | undefined): string {
  if (!names) return '';
  const groups = new Map<string, string[]>();
  for (const client of clients) {
    const name = names[client];
    if (name === undefined) continue;
    const group = groups.get(name);
    if (group) group.push(client);
    else groups.set(name, [client]);
  }
  return [...groups].map(([name, group]) => `${group.join(', ')}: ${name}`).join('\n');
}

/** The first line of the page: how many tools (router mode: listed, and through the router) from how many servers up, and the findings. */
export function summary(snapshot: StatusSnapshot): string {
  const up = snapshot.servers.filter((server) => server.status === 'up').length;
  const { error, warning, info } = snapshot.findingCounts;
  const findings = [
    error ? `${error} error${error === 1 ? '' : 's'}` : '',
    warning ? `${warning} warning${warning === 1 ? '' : 's'}` : '',
    info ? `${info} info` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const total = snapshot.tools.length + snapshot.toolsOmitted;
  const tools =
    total > snapshot.toolsListed ? `${snapshot.toolsListed} tools listed, ${total - snapshot.toolsListed} more through the router,` : `${total} tools`;
  return `${tools} from ${up} of ${snapshot.servers.length} servers up · ${findings || 'no findings'}`;
}

/** Below a table: what it leaves out (the page stays small with thousands of tools). */
function omitted(snapshot: StatusSnapshot): Partial<Record<TableId, string>> {
  return {
    ...(snapshot.findingsOmitted ? { findings: `${snapshot.findingsOmitted} more findings: mcpns serve --dry-run lists them all` } : {}),
    ...(snapshot.toolsOmitted ? { tools: `${snapshot.toolsOmitted} more tools: mcpns serve --dry-run --json lists them all` } : {}),
  };
}

const TABLES: Array<{ id: TableId; title: string; columns: string[] }> = [
  { id: 'servers', title: 'Servers', columns: ['server', 'state', 'tools', 'in flight', 'restarts', 'protocol', 'last error'] },
  { id: 'findings', title: 'Findings', columns: ['severity', 'code', 'judged for', 'about', 'finding'] },
  { id: 'activity', title: 'Recent calls', columns: ['time (UTC)', 'tool', 'duration', 'outcome'] },
  { id: 'tools', title: 'Tools, and the name each client shows', columns: ['exposed name', 'server', 'tool', 'title', 'as each client shows it'] },
  { id: 'events', title: 'Events', columns: ['time (UTC)', 'server', 'event', 'detail'] },
];

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.3em;margin:0 0 .2em}h2{font-size:1.05em;margin:1.4em 0 .4em}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25em .6em;border-bottom:1px solid #ddd;vertical-align:top}
td{white-space:pre-wrap;word-break:break-word}th{background:#f4f4f4;font-weight:600}
#tools td{font:12px/1.35 ui-monospace,monospace;overflow-wrap:anywhere}#findings td:nth-child(-n+3){white-space:nowrap}
.s-up{color:#176f2c;font-weight:600}.s-failed,.s-down,.o-error,.o-isError,.v-error{color:#b00020;font-weight:600}
.v-warning{color:#8a5a00;font-weight:600}.v-info{color:#555}
#live,.more{color:#666;font-size:.9em}`;

/**
 * The client side: rebuild each table body from a snapshot (textContent only), on every event of the stream. A table
 * the event leaves out (the tools, unchanged since the last event) stays as it is.
 */
const SCRIPT = `(() => {
  const ids = ${JSON.stringify(TABLES.map((table) => table.id))};
  const live = document.getElementById('live');
  const render = (data) => {
    document.getElementById('summary').textContent = data.summary;
    for (const id of ids) {
      if (!data.rows[id]) continue;
      const more = document.getElementById(id + '-more');
      if (more) more.textContent = data.more[id] || '';
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
          if (id === 'findings' && index === 0) td.className = 'v-' + value;
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

/**
 * What the stream sends: the summary, the rows ready to show and the notes on what a table leaves out. With
 * `tools: false` (the exposure has not changed since the last event) the tools table, the largest, is left out.
 */
export function streamPayload(snapshot: StatusSnapshot, options: { tools?: boolean } = {}): string {
  const { tools, ...rest } = rows(snapshot);
  const shown = options.tools === false ? rest : { ...rest, tools };
  return JSON.stringify({ generatedAt: snapshot.generatedAt, summary: summary(snapshot), rows: shown, more: omitted(snapshot) });
}

/** The whole page for one snapshot; `nonce` allows its style and script. */
export function renderPage(snapshot: StatusSnapshot, nonce: string): string {
  const tableRows = rows(snapshot);
  const notes = omitted(snapshot);
  const html = TABLES.map(
    (table) =>
      `<h2>${table.title}</h2>\n<table><thead><tr>${table.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr></thead>` +
      `<tbody id="${table.id}">${tableRows[table.id].map((row) => cells(table.id, row)).join('')}</tbody></table>` +
      `<p class="more" id="${table.id}-more">${escapeHtml(notes[table.id] ?? '')}</p>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcpns gateway</title>
<link rel="icon" href="data:,">
<noscript><meta http-equiv="refresh" content="10"></noscript>
<style nonce="${nonce}">${STYLE}</style></head>
<body><h1>mcpns gateway</h1>
<p><span id="summary">${escapeHtml(summary(snapshot))}</span> · <span id="live">as of ${snapshot.generatedAt.slice(11, 19)} UTC</span></p>
${html}
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>
`;
}
