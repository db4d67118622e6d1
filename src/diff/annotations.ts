import type { ToolAnnotations } from '../catalog/types.js';
import type { Severity } from '../checks/types.js';
import { canonicalJson } from '../util/canonical-json.js';

export interface AnnotationComparison {
  /** Every key that changed, e.g. `readOnlyHint true → false`, `title "A" → absent`. */
  changes: string[];
  /** The changes that give the tool more power than it was trusted with. */
  escalation: string[];
  severity: Severity;
}

/**
 * Compare tool annotations using the spec's defaults (readOnlyHint false, destructiveHint true,
 * openWorldHint true; destructiveHint only counts when the tool is not read-only).
 * Severity: `error` when the tool stops being read-only or becomes destructive (a tool someone
 * allowed as harmless may now write or delete), `warning` when it starts reaching the open world,
 * `info` for everything else (titles, de-escalations, idempotency).
 */
export function compareAnnotations(before: ToolAnnotations | undefined, after: ToolAnnotations | undefined): AnnotationComparison | undefined {
  const oldAnnotations = before ?? {};
  const newAnnotations = after ?? {};
  if (canonicalJson(oldAnnotations) === canonicalJson(newAnnotations)) return undefined;
  const keys = [...new Set([...Object.keys(oldAnnotations), ...Object.keys(newAnnotations)])].sort();
  const changes = keys
    .filter((key) => canonicalJson(oldAnnotations[key]) !== canonicalJson(newAnnotations[key]))
    .map((key) => `${key} ${show(oldAnnotations[key])} → ${show(newAnnotations[key])}`);

  const oldEffective = effective(oldAnnotations);
  const newEffective = effective(newAnnotations);
  const escalation: string[] = [];
  if (oldEffective.readOnly && !newEffective.readOnly) escalation.push('readOnlyHint true → false');
  if (!oldEffective.destructive && newEffective.destructive) escalation.push('destructiveHint false → true');
  const openWorld = !oldEffective.openWorld && newEffective.openWorld;
  if (openWorld) escalation.push('openWorldHint false → true');
  const severity: Severity = escalation.length === 0 ? 'info' : escalation.length === 1 && openWorld ? 'warning' : 'error';
  return { changes: changes.length ? changes : ['annotations changed'], escalation, severity };
}

function effective(annotations: ToolAnnotations): { readOnly: boolean; destructive: boolean; openWorld: boolean } {
  const readOnly = annotations.readOnlyHint === true;
  return {
    readOnly,
    destructive: !readOnly && annotations.destructiveHint !== false,
    openWorld: annotations.openWorldHint !== false,
  };
}

function show(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}
