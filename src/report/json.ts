import type { Formatter } from './types.js';
import { describeFinding } from '../checks/codes.js';
import type { CheckResult } from '../checks/run.js';
import { jsonParts } from '../util/json-parts.js';

/**
 * The contract's Report document. Exact text (no terminal escaping, no clipping): JSON is for machines.
 * Each finding carries its wording (`message`, `hint`) and its structured `args` (minus the hint).
 */
export const formatJson: Formatter = (result) => JSON.stringify(reportDocument(result), null, 2) + '\n';

/** formatJson's text in parts (see jsonParts): a million-tool report is written without ever being one string. */
export function* formatJsonParts(result: CheckResult): Generator<string, void, void> {
  yield* jsonParts(reportDocument(result));
  yield '\n';
}

function reportDocument(result: CheckResult): object {
  const findings = result.findings.map((finding) => {
    const { message, hint } = describeFinding(finding);
    const args: Record<string, unknown> = { ...finding.args };
    delete args['hint'];
    return {
      code: finding.code,
      severity: finding.severity,
      ...(finding.target !== undefined ? { target: finding.target } : {}),
      ...(finding.name !== undefined ? { name: finding.name } : {}),
      ...(finding.server !== undefined ? { server: finding.server } : {}),
      ...(finding.tool !== undefined ? { tool: finding.tool } : {}),
      ...(finding.members?.length ? { members: finding.members } : {}),
      message,
      ...(hint !== undefined ? { hint } : {}),
      ...(Object.keys(args).length ? { args } : {}),
    };
  });
  const document = {
    schemaVersion: result.schemaVersion,
    targets: result.targets,
    findings,
    summary: result.summary,
    ...(result.baselined !== undefined ? { baselined: result.baselined } : {}),
    ...(result.ignored !== undefined ? { ignored: result.ignored } : {}),
    ...(result.notes?.length ? { notes: result.notes } : {}),
  };
  return document;
}
