import { createHash } from 'node:crypto';
import { McpnsError } from '../errors.js';
import type { Finding } from './types.js';

/**
 * A baseline records today's findings so CI fails only on new ones (`--write-baseline` / `--baseline`).
 * Findings are matched by a fingerprint over what identifies them (code, target, name, server, tool,
 * members), never over severity or wording, so re-wording a message or re-rating a code keeps it baselined.
 */
export const BASELINE_SCHEMA_VERSION = 1;

export interface BaselineEntry {
  fingerprint: string;
  code: string;
  target?: string;
  name?: string;
  server?: string;
  tool?: string;
  /** Members as "server/tool", for humans reading the file. */
  members?: string[];
}

export interface Baseline {
  schemaVersion: typeof BASELINE_SCHEMA_VERSION;
  findings: BaselineEntry[];
}

/** Stable fingerprint: sha256 over code + target + name + server + tool + members, 16 hex characters. */
export function fingerprint(finding: Finding): string {
  const identity = [
    finding.code,
    finding.target ?? '',
    finding.name ?? '',
    finding.server ?? '',
    finding.tool ?? '',
    (finding.members ?? []).map((member) => [member.server, member.tool]),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
}

/** The baseline document for these findings (sorted by fingerprint: byte-stable across runs). */
export function createBaseline(findings: readonly Finding[]): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const finding of findings) {
    const entry: BaselineEntry = { fingerprint: fingerprint(finding), code: finding.code };
    if (finding.target !== undefined) entry.target = finding.target;
    if (finding.name !== undefined) entry.name = finding.name;
    if (finding.server !== undefined) entry.server = finding.server;
    if (finding.tool !== undefined) entry.tool = finding.tool;
    if (finding.members?.length) entry.members = finding.members.map((member) => `${member.server}/${member.tool}`);
    entries.set(entry.fingerprint, entry);
  }
  const sorted = [...entries.values()].sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
  return { schemaVersion: BASELINE_SCHEMA_VERSION, findings: sorted };
}

export function serializeBaseline(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

/** Parse a baseline file; anything else is exit 2 naming the file. */
export function parseBaseline(text: string, file: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new McpnsError('IO', `${file}: baseline is not valid JSON`, { location: { file }, hint: 'recreate it with --write-baseline' });
  }
  const document = value as Partial<Baseline> | null;
  if (typeof document !== 'object' || document === null || !Array.isArray(document.findings)) {
    throw new McpnsError('IO', `${file}: not an mcpns baseline (expected { "schemaVersion": 1, "findings": [...] })`, {
      location: { file },
      hint: 'recreate it with --write-baseline',
    });
  }
  if (typeof document.schemaVersion === 'number' && document.schemaVersion > BASELINE_SCHEMA_VERSION) {
    throw new McpnsError('IO', `${file}: baseline schemaVersion ${document.schemaVersion} is newer than this mcpns understands`, { location: { file } });
  }
  const findings = document.findings.filter(
    (entry): entry is BaselineEntry => typeof entry === 'object' && entry !== null && typeof (entry as BaselineEntry).fingerprint === 'string',
  );
  return { schemaVersion: BASELINE_SCHEMA_VERSION, findings };
}

/** Split findings into new ones and those already in the baseline. */
export function partitionByBaseline(findings: readonly Finding[], baseline: Baseline): { fresh: Finding[]; baselined: Finding[] } {
  const known = new Set(baseline.findings.map((entry) => entry.fingerprint));
  const fresh: Finding[] = [];
  const baselined: Finding[] = [];
  for (const finding of findings) (known.has(fingerprint(finding)) ? baselined : fresh).push(finding);
  return { fresh, baselined };
}
