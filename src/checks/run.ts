import type { IgnoreEntry, SeveritySetting } from '../config/schema.js';
import { McpnsError } from '../errors.js';
import { partitionByBaseline, type Baseline } from './baseline.js';
import { ALL_CODES, isCode } from './codes.js';
import { releaseRenderings, renderingNotes } from './conflicts/rendering.js';
import { clientGates } from './conflicts/client-gates.js';
import { configRejected } from './conflicts/config-rejected.js';
import { serverUnreachable } from './conflicts/server-unreachable.js';
import { CHECKS } from './registry.js';
import type { Check, CheckContext, Finding, Severity } from './types.js';

export type CheckFamily = 'conflicts' | 'lint';

export const REPORT_SCHEMA_VERSION = 1;

export interface Summary {
  error: number;
  warning: number;
  info: number;
}

/** What a checking command reports: the contract's Report document before wording is added. */
export interface CheckResult {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  targets: string[];
  /** Sorted by code, target, name (then server, tool, members). */
  findings: Finding[];
  summary: Summary;
  /** Findings left out because the baseline already has them (set when a baseline was applied). */
  baselined?: number;
  /** Findings suppressed by config `ignore` entries (set when any were). */
  ignored?: number;
  /** Targets whose names depend on start order or randomness, and what mcpns assumed. */
  notes?: { target: string; note: string }[];
}

export interface CheckSettings {
  /** `--ignore CODE…`: drop these codes entirely. */
  ignoreCodes?: readonly string[];
  /** `--baseline`: leave out findings already recorded. */
  baseline?: Baseline;
  /** Replace the registry's checks (tests, library users). */
  checks?: readonly Check[];
}

/**
 * Run the checks of the given families over a context, then apply config `rules` (severity overrides,
 * `off` removes), `--ignore`, config `ignore` entries and the baseline. Deterministic: findings sorted.
 * Unknown codes in `rules`, `ignore` or `--ignore` are exit 2 (UNKNOWN_CODE) listing the valid ones.
 */
export function runChecks(context: CheckContext, families: readonly CheckFamily[], settings: CheckSettings = {}): CheckResult {
  validateCodes(context.config.rules, context.config.ignore, settings.ignoreCodes ?? []);
  const checks = settings.checks ?? selectChecks(families);
  return finishRun(
    context,
    checks.flatMap((check) => check.run(context)),
    settings,
  );
}

/**
 * Where a paced run may take a break: called between slices of the checks (every few thousand tools) with how far the
 * run is. It returns a promise when it wants a break (a turn of the event loop, where signal handlers run; it rejects
 * to stop the run), nothing otherwise — so the caller decides how often, and the checks stay plain data in, data out.
 */
export type Pace = (at: PaceAt) => Promise<void> | void;

/**
 * How far a paced run is; `released` at the first check after the collision checks let their renderings go (much of
 * a large run's memory just became garbage: a caller that manages memory may collect it there).
 */
export type PaceAt = { done: number; total: number; codes: readonly string[]; released?: true };

/**
 * `runChecks` with breaks: the same findings, but a long run (a million tools) gives `pace` a chance between slices
 * of every check, so a signal is handled within a slice instead of after the whole run.
 */
export async function runChecksPaced(context: CheckContext, families: readonly CheckFamily[], settings: CheckSettings, pace: Pace): Promise<CheckResult> {
  validateCodes(context.config.rules, context.config.ignore, settings.ignoreCodes ?? []);
  const checks = settings.checks ?? selectChecks(families);
  const raw: Finding[] = [];
  // The collision checks share one rendering per target; the lint checks after them never read it.
  const lastConflictCheck = checks.findLastIndex((check) => check.family === 'conflicts');
  for (let done = 0; done < checks.length; done++) {
    const released = done === lastConflictCheck + 1 && done > 0;
    if (released) releaseRenderings(context);
    const check = checks[done]!;
    const at = { done, total: checks.length, codes: check.codes };
    const pause = pace(released ? { ...at, released } : at);
    if (pause) await pause;
    if (!check.steps) {
      for (const finding of check.run(context)) raw.push(finding);
      continue;
    }
    const steps = check.steps(context);
    for (;;) {
      const next = steps.next();
      if (next.done) {
        for (const finding of next.value) raw.push(finding);
        break;
      }
      const between = pace(at);
      if (between) await between;
    }
  }
  const last = pace({ done: checks.length, total: checks.length, codes: [] });
  if (last) await last;
  return finishRun(context, raw, settings);
}

/** Config `rules`, `--ignore`, config `ignore` entries, sorting, notes and the baseline over the checks' findings. */
function finishRun(context: CheckContext, raw: readonly Finding[], settings: CheckSettings): CheckResult {
  const overrides = context.config.rules;
  const ignoredCodes = new Set(settings.ignoreCodes ?? []);
  let ignored = 0;
  const findings: Finding[] = [];
  for (const finding of raw) {
    if (ignoredCodes.has(finding.code)) continue;
    const setting = overrides[finding.code];
    if (setting === 'off') continue;
    const severity = setting ? toSeverity(setting) : finding.severity;
    const adjusted: Finding = severity === finding.severity ? finding : { ...finding, severity };
    if (context.config.ignore.some((entry) => matchesIgnore(entry, adjusted))) {
      ignored++;
      continue;
    }
    findings.push(adjusted);
  }
  findings.sort(compareFindings);

  let result: CheckResult = { schemaVersion: REPORT_SCHEMA_VERSION, targets: [...context.targets], findings, summary: summarize(findings) };
  if (ignored) result.ignored = ignored;
  const notes = renderingNotes(context);
  if (notes.length) result.notes = notes;
  if (settings.baseline) result = applyBaseline(result, settings.baseline);
  return result;
}

/** The checks of the families, each once; SERVER_UNREACHABLE is part of every family (nothing was checked on that server). */
export function selectChecks(families: readonly CheckFamily[]): Check[] {
  const checks = new Set<Check>();
  checks.add(serverUnreachable);
  checks.add(configRejected);
  checks.add(clientGates);
  for (const family of families) for (const check of CHECKS[family]) checks.add(check);
  return [...checks];
}

/** Leave out findings the baseline already records; `baselined` says how many. */
export function applyBaseline(result: CheckResult, baseline: Baseline): CheckResult {
  const { fresh, baselined } = partitionByBaseline(result.findings, baseline);
  return { ...result, findings: fresh, summary: summarize(fresh), baselined: (result.baselined ?? 0) + baselined.length };
}

/** Every code named in config `rules`, config `ignore` and `--ignore` must exist. */
export function validateCodes(rules: Record<string, SeveritySetting>, ignore: readonly IgnoreEntry[], ignoreCodes: readonly string[]): void {
  const named = [
    ...Object.keys(rules).map((code) => ({ code, where: `config rules` })),
    ...ignore.map((entry) => ({ code: entry.code, where: 'config ignore' })),
    ...ignoreCodes.map((code) => ({ code, where: '--ignore' })),
  ];
  const unknown = named.filter(({ code }) => !isCode(code));
  if (!unknown.length) return;
  const first = unknown[0]!;
  throw new McpnsError('UNKNOWN_CODE', `unknown finding code "${first.code}" in ${first.where}`, {
    hint: `valid codes: ${ALL_CODES.join(', ')}`,
    details: { unknown: unknown.map(({ code }) => code), valid: ALL_CODES },
  });
}

export function toSeverity(setting: Exclude<SeveritySetting, 'off'>): Severity {
  return setting === 'warn' ? 'warning' : setting;
}

/** An ignore entry matches on code plus every field it sets; server/tool also match any collision member. */
export function matchesIgnore(entry: IgnoreEntry, finding: Finding): boolean {
  if (entry.code !== finding.code) return false;
  if (entry.target !== undefined && entry.target !== finding.target) return false;
  if (entry.name !== undefined && entry.name !== finding.name) return false;
  if (entry.server !== undefined && entry.server !== finding.server && !finding.members?.some((member) => member.server === entry.server)) return false;
  if (entry.tool !== undefined && entry.tool !== finding.tool && !finding.members?.some((member) => member.tool === entry.tool)) return false;
  return true;
}

export function summarize(findings: readonly Finding[]): Summary {
  const summary: Summary = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) summary[finding.severity]++;
  return summary;
}

const byString = (a: string | undefined, b: string | undefined): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};
const membersKeys = new WeakMap<Finding, string>();
/** The members as one comparable string, built once per finding (a shadowed tool can have thousands of members). */
const membersKey = (finding: Finding): string => {
  let key = membersKeys.get(finding);
  if (key === undefined) {
    key = (finding.members ?? []).map((member) => `${member.server}\u0000${member.tool}`).join('\u0001');
    membersKeys.set(finding, key);
  }
  return key;
};

/** Code, target, name, then server, tool and members: a total order, so output never depends on check order. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    byString(a.code, b.code) ||
    byString(a.target, b.target) ||
    byString(a.name, b.name) ||
    byString(a.server, b.server) ||
    byString(a.tool, b.tool) ||
    byString(membersKey(a), membersKey(b))
  );
}
