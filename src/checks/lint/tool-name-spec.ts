import { defineCheck, type Finding } from '../types.js';
import { codePointLabel, toolFinding, visibleTools } from './shared.js';

/**
 * TOOL_NAME_SPEC — MCP 2025-11-25 "Tool Names": 1–128 characters of A-Z a-z 0-9 _ - . (SEP-986).
 * Same split as the SDK's `validateToolName`: a name outside the rule gets the code's severity;
 * a leading/trailing `-` or `.` is legal but "may cause parsing issues" → a separate note (info).
 */
const ALLOWED = /^[A-Za-z0-9_.-]$/u;
const MAX_LENGTH = 128;
/** A name with no problem and no note (almost every name): one test, nothing allocated. */
const PLAIN = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,126}[A-Za-z0-9_])?$/;

/** Problems with one tool name: `invalid` (outside the rule) and `notes` (legal but risky edges). */
export function toolNameProblems(name: string): { invalid: string[]; notes: string[] } {
  const invalid: string[] = [];
  const notes: string[] = [];
  if (name.length === 0) return { invalid: ['is empty'], notes };
  const length = [...name].length;
  if (length > MAX_LENGTH) invalid.push(`is ${length} characters long (at most ${MAX_LENGTH})`);
  const bad = [...new Set([...name].filter((char) => !ALLOWED.test(char)))];
  if (bad.length) {
    invalid.push(
      `contains ${bad.map((char) => (char === ' ' ? 'space' : char === ',' ? 'comma' : /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? `"${char}"` : codePointLabel(char))).join(', ')}`,
    );
  }
  for (const edge of ['-', '.']) {
    if (name.startsWith(edge)) notes.push(`starts with "${edge}"`);
    if (name.endsWith(edge)) notes.push(`ends with "${edge}"`);
  }
  return { invalid, notes };
}

export default defineCheck({
  codes: ['TOOL_NAME_SPEC'],
  family: 'lint',
  run({ catalog }) {
    const findings: Finding[] = [];
    for (const tool of visibleTools(catalog)) {
      if (PLAIN.test(tool.name)) continue;
      const { invalid, notes } = toolNameProblems(tool.name);
      if (invalid.length) findings.push(toolFinding('TOOL_NAME_SPEC', tool, { problem: invalid.join('; '), level: 'invalid' }));
      if (notes.length) {
        findings.push({
          ...toolFinding('TOOL_NAME_SPEC', tool, {
            problem: `${notes.join(' and ')} (allowed, but may cause parsing issues in some clients)`,
            level: 'note',
          }),
          // Below the code's default (warning): the SDK treats these as notes, not violations.
          severity: 'info',
        });
      }
    }
    return findings;
  },
});
