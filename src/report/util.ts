import { isAbsolute, relative, resolve, sep } from 'node:path';
import { describeFinding } from '../checks/codes.js';
import type { Finding, Severity } from '../checks/types.js';
import type { LoadedConfig } from '../config/loaded.js';

/** Cut untrusted text to a size a report can carry (megabyte descriptions must not become megabyte lines). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const omitted = text.length - max;
  return `${text.slice(0, max)}… (${omitted} more characters)`;
}

/** Message and hint of a finding, clipped. */
export function wording(finding: Finding, max = 2000): { message: string; hint?: string } {
  const { message, hint } = describeFinding(finding);
  return hint === undefined ? { message: clip(message, max) } : { message: clip(message, max), hint: clip(hint, max) };
}

export interface FindingLocation {
  /** Config file, relative to cwd with "/" separators when inside it. */
  file: string;
  line?: number;
  column?: number;
  /** The server whose entry this is (undefined for a location that is only the config file). */
  server?: string;
}

/** Servers a finding is about, in member order, each once. */
export function findingServers(finding: Finding): string[] {
  const servers = new Set<string>();
  if (finding.server !== undefined) servers.add(finding.server);
  for (const member of finding.members ?? []) servers.add(member.server);
  return [...servers];
}

export function relativeFile(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const rel = relative(cwd, absolute);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
  return shown.split(sep).join('/');
}

/**
 * Where a finding points in configuration: the entry of each server it is about (file + line of the key),
 * else the first config file. Empty when there is no config (a bare --catalog run).
 */
export function locateFinding(finding: Finding, config: LoadedConfig | undefined, cwd: string): FindingLocation[] {
  if (finding.location) {
    const { file, line, column } = finding.location;
    return [{ file: relativeFile(file, cwd), ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}) }];
  }
  if (!config) return [];
  const entries = entriesByName(config);
  const locations: FindingLocation[] = [];
  for (const server of findingServers(finding)) {
    const spec = entries.get(server);
    if (!spec) continue;
    const location: FindingLocation = { file: relativeFile(spec.source.file, cwd), server };
    if (spec.source.line !== undefined) location.line = spec.source.line;
    if (spec.source.column !== undefined) location.column = spec.source.column;
    locations.push(location);
  }
  if (!locations.length && config.files[0] !== undefined) locations.push({ file: relativeFile(config.files[0], cwd) });
  return locations;
}

const byName = new WeakMap<LoadedConfig, Map<string, LoadedConfig['servers'][number]>>();

/** Each server name's config entry: the first one not shadowed by another, else the first (built once per config). */
function entriesByName(config: LoadedConfig): Map<string, LoadedConfig['servers'][number]> {
  let entries = byName.get(config);
  if (entries) return entries;
  entries = new Map();
  for (const spec of config.servers) {
    const seen = entries.get(spec.name);
    if (!seen || (seen.shadowedBy !== undefined && spec.shadowedBy === undefined)) entries.set(spec.name, spec);
  }
  byName.set(config, entries);
  return entries;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : word === 'info' ? '' : 's'}`;
}

/** "2 errors, 1 warning, 0 info". */
export function summaryLine(summary: Record<Severity, number>): string {
  return `${plural(summary.error, 'error')}, ${plural(summary.warning, 'warning')}, ${summary.info} info`;
}
