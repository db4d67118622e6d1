import { compareFindings, matchesIgnore, REPORT_SCHEMA_VERSION, summarize, toSeverity, validateCodes, type CheckResult } from '../checks/run.js';
import type { Finding } from '../checks/types.js';
import type { IgnoreEntry, SeveritySetting } from '../config/schema.js';

export interface DriftSettings {
  /** Config `rules`: severity overrides per code (`off` removes). */
  rules?: Record<string, SeveritySetting>;
  /** Config `ignore` entries. */
  ignore?: readonly IgnoreEntry[];
  /** `--ignore CODE…`. */
  ignoreCodes?: readonly string[];
  /** Notes about the comparison (diffCatalogs' `notes`), shown with the report. */
  notes?: ReadonlyArray<{ target: string; note: string }>;
}

/**
 * Drift findings as a Report document, with the same config `rules`/`ignore` handling as `check`,
 * so the same reporters and `--fail-on` apply. Drift has no naming targets (`targets: []`).
 */
export function driftResult(findings: readonly Finding[], settings: DriftSettings = {}): CheckResult {
  const rules = settings.rules ?? {};
  const ignore = settings.ignore ?? [];
  validateCodes(rules, ignore, settings.ignoreCodes ?? []);
  const ignoredCodes = new Set(settings.ignoreCodes ?? []);
  let ignored = 0;
  const kept: Finding[] = [];
  for (const finding of findings) {
    if (ignoredCodes.has(finding.code)) continue;
    const setting = rules[finding.code];
    if (setting === 'off') continue;
    const adjusted: Finding = setting && toSeverity(setting) !== finding.severity ? { ...finding, severity: toSeverity(setting) } : finding;
    if (ignore.some((entry) => matchesIgnore(entry, adjusted))) {
      ignored++;
      continue;
    }
    kept.push(adjusted);
  }
  // Stable sort: several findings of one code on one tool keep diffCatalogs' order (by field).
  kept.sort(compareFindings);
  const result: CheckResult = { schemaVersion: REPORT_SCHEMA_VERSION, targets: [], findings: kept, summary: summarize(kept) };
  if (ignored) result.ignored = ignored;
  if (settings.notes?.length) result.notes = [...settings.notes];
  return result;
}
