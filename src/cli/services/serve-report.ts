import { runChecks } from '../../checks/run.js';
import type { LoadedConfig } from '../../config/loaded.js';
import type { Gateway } from '../../gateway/engine.js';
import type { GatewayEvent } from '../../gateway/types.js';
import { collisionFindings } from '../../gateway/client-view.js';
import { upWording } from '../../gateway/status/feed.js';
import { formatters } from '../../report/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';

// What `mcpns serve` says on stderr while it runs (stdout belongs to the MCP connection): upstream events, the start
// line, names kept apart and what --strict refuses.

/** Status lines on stderr (JSON lines under --json): stdout belongs to the MCP connection. */
export function eventPrinter(runtime: Runtime): (event: GatewayEvent) => void {
  return (event) => {
    const { type, ...fields } = event;
    switch (event.type) {
      case 'upstream-up':
        return runtime.console.status(`upstream ${terminalSafe(event.server)} ${upWording(event)}: ${event.tools} tools`, {
          event: type,
          ...fields,
        });
      case 'upstream-failed': {
        const next = event.retryInMs === undefined ? 'not retried until its configuration changes' : `retrying in ${Math.round(event.retryInMs / 1000)} s`;
        const headline = `upstream ${terminalSafe(event.server)} failed: ${event.code}: ${terminalSafe(event.message)} (${next})`;
        // As `list` shows a failure: the last lines the server wrote to stderr, where its own error is.
        const tail = event.stderr?.length
          ? `\n  last ${event.stderr.length === 1 ? 'line' : `${event.stderr.length} lines`} ${terminalSafe(event.server)} wrote to stderr:\n${event.stderr.map((line) => `    | ${terminalSafe(line)}`).join('\n')}`
          : '';
        return runtime.console.warn(runtime.console.json ? headline : headline + tail, { event: type, ...fields });
      }
      case 'upstream-lost':
        return runtime.console.warn(terminalSafe(event.message), { event: type, ...fields });
      case 'dropped-notifications':
        return runtime.console.warn(`upstream ${terminalSafe(event.server)} flooded log notifications: ${event.count} dropped this second`, {
          event: type,
          ...fields,
        });
      case 'collision-kept-apart':
        return runtime.console.warn(keptApart(event), { event: type, code: 'NAME_COLLISION', ...fields });
      case 'tool-name-reserved':
        return runtime.console.warn(
          `tool name ${terminalSafe(event.name)} is the gateway's own (${terminalSafe(event.provider)}): ${terminalSafe(event.taken)} is not served under it`,
          {
            event: type,
            ...fields,
          },
        );
      case 'exposure-changed':
        return runtime.console.status(`exposing ${event.tools} tools, ${event.prompts} prompts, ${event.resources} resources`, { event: type, ...fields });
    }
  };
}

/** `tool name a__b__c is given to a/b__c and a__b/c: kept apart as a__b__c_1f2e3d4c and a__b__c_9a8b7c6d`. */
function keptApart(collision: { kind: string; name: string; members: readonly string[]; exposed: readonly string[] }): string {
  const members = collision.members.map((member) => terminalSafe(member)).join(' and ');
  return `NAME_COLLISION: ${collision.kind} name ${terminalSafe(collision.name)} is given to ${members}: kept apart as ${collision.exposed.join(' and ')} (--strict refuses instead)`;
}

export function refuseCollisions(runtime: Runtime, gateway: Gateway, style: string): boolean {
  const findings = collisionFindings(gateway.exposure, style, true);
  if (!findings.length) return false;
  const result = { schemaVersion: 1 as const, targets: [style], findings, summary: { error: findings.length, warning: 0, info: 0 } };
  const text = formatters[runtime.console.json ? 'json' : 'text'](result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: 'error' });
  runtime.console.error(
    { code: 'NAME_COLLISION', message: `refusing to start: ${findings.length} exposed name(s) would route to several servers`, findings },
    `mcpns: refusing to start: ${findings.length} exposed name(s) would route to several servers\n${text}`,
  );
  return true;
}

/** What clients should know at start: names kept apart, shortened names, tool-poisoning findings. */
export function reportStart(runtime: Runtime, gateway: Gateway, config: LoadedConfig): void {
  for (const collision of gateway.exposure.collisions) {
    const members = collision.members.map((member) => `${member.server}/${member.tool}`);
    runtime.console.warn(keptApart({ ...collision, members }), {
      code: 'NAME_COLLISION',
      kind: collision.kind,
      name: collision.name,
      members,
      exposed: collision.exposed,
    });
  }
  for (const entry of gateway.exposure.shortened) {
    runtime.console.warn(`${entry.kind} ${terminalSafe(entry.server)}/${terminalSafe(entry.tool)} is exposed as ${entry.to}: ${terminalSafe(entry.reason)}`, {
      code: 'NAME_SHORTENED',
      ...entry,
    });
  }
  if (!gateway.catalog) return;
  const poisoning = runChecks({ catalog: gateway.catalog, config, targets: [] }, ['lint']).findings.filter(
    (finding) => finding.code === 'CONTROL_CHARACTERS' || finding.code === 'CROSS_SERVER_REFERENCE',
  );
  for (const finding of poisoning) {
    runtime.console.warn(`tool poisoning? ${finding.code}: ${terminalSafe(finding.server ?? '')}/${terminalSafe(finding.tool ?? finding.name ?? '')}`, {
      ...finding,
    });
  }
}

/** `N tools from K of M servers; F failed: a (SPAWN_FAILED), b (…)`: what the start gave, failures by name. */
export function startSummary(gateway: Gateway): string {
  const status = gateway.status();
  const up = status.filter((entry) => entry.status === 'up').length;
  const failed = status.filter((entry) => entry.status !== 'up');
  const names = failed.map((entry) => terminalSafe(entry.server));
  return `${gateway.exposure.tools.length} tools from ${up} of ${status.length} servers${failed.length ? `; ${failed.length} failed: ${names.join(', ')}` : ''}`;
}
