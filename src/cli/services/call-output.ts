/**
 * What `call --execute` shows while and after the call runs: progress (a live line on a TTY, one line per update
 * otherwise, JSON lines under --json), the server's log messages (under -v or --log-level), notes about requests
 * mcpns refused, and the result with every content type.
 */
import type { ExecutionEvent } from '../../call/execute.js';
import type { CallPlan } from '../../call/plan.js';
import type { BinaryContent, OutputCheck } from '../../call/result.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';
import { makeChalk } from './render-table.js';

export interface EventDisplay {
  /** Show the server's notifications/message lines (-v, or --log-level was given). */
  logs: boolean;
}

export function showExecutionEvent(runtime: Runtime, event: ExecutionEvent, display: EventDisplay): void {
  const { console } = runtime;
  switch (event.type) {
    case 'connected':
      console.detail(`${event.reused ? 'reusing the discovery session of' : 'connected to'} ${event.server}`, { server: event.server });
      return;
    case 'progress': {
      const { server, tool, progress, total, message, elapsedMs } = event;
      const amount =
        total !== undefined ? `${progress}/${total}${total > 0 ? ` (${Math.min(100, Math.round((progress / total) * 100))}%)` : ''}` : `${progress}`;
      const text = `${server}/${tool}: ${amount}${message ? ` ${message}` : ''}`;
      if (console.liveProgress) console.progress(`${text} · ${Math.round(elapsedMs / 1000)} s`);
      else
        console.event('progress', `progress ${text}`, {
          server,
          tool,
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message ? { text: message } : {}),
        });
      return;
    }
    case 'log': {
      if (!display.logs) return;
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      const source = event.logger ? `${event.server}/${event.logger}` : event.server;
      console.event('log', `[${source}] ${event.level}: ${data}`, {
        server: event.server,
        level: event.level,
        ...(event.logger ? { logger: event.logger } : {}),
        data: event.data,
      });
      return;
    }
    case 'log-level':
      if (event.sent) console.detail(`asked ${event.server} for log messages at ${event.level} and above (logging/setLevel)`, { server: event.server });
      else console.warn(`--log-level ${event.level} not sent to ${event.server}: ${event.reason ?? 'not supported'}`, { server: event.server });
      return;
    case 'sampling-refused':
      console.warn(`server "${event.server}" asked for sampling (sampling/createMessage); mcpns has no model and answered with an error`, {
        server: event.server,
        method: 'sampling/createMessage',
      });
      return;
    case 'request-refused':
      console.warn(`server "${event.server}" sent ${event.method}, which mcpns does not support; answered with an error`, {
        server: event.server,
        method: event.method,
      });
      return;
    case 'roots-listed':
      console.detail(`server "${event.server}" listed roots: ${event.roots.map((root) => root.uri).join(', ')}`, { server: event.server });
      return;
    case 'elicitation-refused':
      console.warn(
        event.reason === 'url-scheme'
          ? `server "${event.server}" asked to open ${event.url ?? ''}, which is not an http(s) URL; refused`
          : `server "${event.server}" asked for a ${event.mode === 'url' ? 'web page' : 'form'} outside the call mcpns sent; refused (answers go only to the tool you call)`,
        { server: event.server, mode: event.mode, reason: event.reason },
      );
      return;
    case 'elicitation-complete':
      console.note(`server "${event.server}" says the web step ${event.elicitationId} is complete`, { server: event.server });
      return;
  }
}

/** A CallToolResult for humans: every content type, server text made terminal-safe. */
export function renderResult(
  result: Record<string, unknown>,
  label: string,
  color: boolean,
  extras: { binary: readonly BinaryContent[]; saved: ReadonlyMap<number, string>; output?: OutputCheck | undefined },
): string {
  const chalk = makeChalk(color);
  const safe = (value: unknown): string => terminalSafe(String(value ?? ''));
  const isError = result['isError'] === true;
  let text = isError ? chalk.red(`${label} returned an error (isError):\n`) : chalk.green(`result of ${label}:\n`);
  const content = Array.isArray(result['content']) ? (result['content'] as unknown[]) : [];
  content.forEach((raw, index) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const binary = extras.binary.find((entry) => entry.index === index);
    const saved = extras.saved.get(index);
    const size = binary ? `${binary.mimeType ? `${safe(binary.mimeType)}, ` : ''}${binary.bytes} bytes` : '';
    switch (item['type']) {
      case 'text':
        text += `${terminalSafe(String(item['text'] ?? ''), { multiline: true })}\n`;
        break;
      case 'image':
      case 'audio':
        text += chalk.dim(`[${item['type']} ${size}${saved ? ` → saved to ${safe(saved)}` : ''}]\n`);
        break;
      case 'resource_link': {
        const details = [item['name'], item['mimeType'], item['description']].filter((part) => typeof part === 'string' && part !== '').map(safe);
        text += `link: ${safe(item['uri'])}${details.length ? ` (${details.join(' · ')})` : ''}\n`;
        break;
      }
      case 'resource': {
        const resource = (typeof item['resource'] === 'object' && item['resource'] !== null ? item['resource'] : {}) as Record<string, unknown>;
        const mime = typeof resource['mimeType'] === 'string' ? ` (${safe(resource['mimeType'])})` : '';
        text += `resource: ${safe(resource['uri'])}${mime}\n`;
        if (typeof resource['text'] === 'string') text += `${terminalSafe(resource['text'], { multiline: true })}\n`;
        else if (binary) text += chalk.dim(`[blob ${binary.bytes} bytes${saved ? ` → saved to ${safe(saved)}` : ''}]\n`);
        break;
      }
      default:
        text += chalk.dim(`[${safe(item['type'])} content]\n`);
    }
  });
  if (result['structuredContent'] !== undefined) {
    text += `structured content:\n${terminalSafe(JSON.stringify(result['structuredContent'], null, 2), { multiline: true })}\n`;
  }
  if (extras.output) {
    text += extras.output.valid
      ? chalk.dim('structured content matches the outputSchema\n')
      : chalk.red(`structured content violates the outputSchema:\n`) +
        extras.output.violations.map((violation) => `  ${safe(violation.path)}: ${safe(violation.message)}\n`).join('');
    if (extras.output.note) text += chalk.dim(`  (${safe(extras.output.note)})\n`);
  }
  if (!content.length && result['structuredContent'] === undefined) text += chalk.dim('(no content)\n');
  return text;
}

/** The dry run as `call` prints it: resolution, validation, the envelope decision, preset names, then the envelope. */
export function renderPlan(plan: CallPlan, color: boolean): string {
  const chalk = makeChalk(color);
  const { resolution, validation, decision } = plan;
  const safe = (text: string): string => terminalSafe(text);
  let text = `${chalk.bold('resolved')}   ${safe(resolution.input)} → ${chalk.cyan(safe(`${resolution.server}/${resolution.tool}`))}  (via ${resolution.via})\n`;
  text += `           ${safe(resolution.explanation)}\n`;
  if (resolution.candidates?.length) text += `           candidates: ${resolution.candidates.map((ref) => safe(`${ref.server}/${ref.tool}`)).join(', ')}\n`;
  if (!validation.performed) text += `${chalk.bold('validation')} ${chalk.yellow('skipped (--no-validate)')}\n`;
  else text += `${chalk.bold('validation')} ${chalk.green('ok')} (${validation.dialect} schema${validation.note ? `; ${safe(validation.note)}` : ''})\n`;
  text += `${chalk.bold('envelope')}   ${decision.format} ${decision.kind} from ${safe(decision.participant)}: ${safe(decision.reason)}\n`;
  for (const [preset, entry] of Object.entries(plan.presetNames)) {
    text += `${chalk.bold('preset')}     ${preset}: ${entry.name ? safe(entry.name) + (entry.wireName ? ` (wire: ${safe(entry.wireName)})` : '') : chalk.red(`not exposed (${safe(entry.dropped ?? '')})`)}\n`;
  }
  return text + JSON.stringify(plan.envelope, null, 2) + '\n';
}
