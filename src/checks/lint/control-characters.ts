import type { CatalogTool } from '../../catalog/types.js';
import { defineCheck, type Finding } from '../types.js';
import { codePointLabel, toolFinding, visibleTools } from './shared.js';

/**
 * CONTROL_CHARACTERS — text a human reviews in a terminal or UI must look like what the model
 * reads. ANSI/OSC escapes can rewrite or hide terminal output, bidi overrides reorder text
 * (Trojan Source), zero-width characters hide content or make look-alike names. Checked in the
 * tool name, title, annotations.title and description; `\n` and `\t` (and `\r\n`) are fine in
 * descriptions only.
 */
export type ControlKind = 'ANSI escape sequence' | 'OSC escape sequence' | 'control character' | 'bidi override' | 'zero-width character';

// C0/C1 controls, DEL, bidi embeddings/overrides/isolates, zero-width characters and the BOM.
const SUSPICIOUS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/gu;
/** The same class, for a quick yes/no (most text has none: no match iterator, no map). */
const ANY_SUSPICIOUS = new RegExp(SUSPICIOUS.source, 'u');

function kindOf(text: string, index: number): ControlKind {
  const char = text[index]!;
  const code = char.charCodeAt(0);
  if (code === 0x1b) {
    const next = text[index + 1];
    if (next === ']') return 'OSC escape sequence';
    return 'ANSI escape sequence';
  }
  if (code === 0x9b) return 'ANSI escape sequence';
  if (code === 0x9d) return 'OSC escape sequence';
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return 'bidi override';
  if ((code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff) return 'zero-width character';
  return 'control character';
}

/** Each kind of suspicious character in `text`, with its first code point and offset. */
export function findControlCharacters(text: string, allowLayout: boolean): Array<{ kind: ControlKind; codePoint: string; offset: number }> {
  if (!ANY_SUSPICIOUS.test(text)) return [];
  const found = new Map<ControlKind, { kind: ControlKind; codePoint: string; offset: number }>();
  for (const match of text.matchAll(SUSPICIOUS)) {
    const index = match.index;
    const char = match[0];
    if (allowLayout && (char === '\n' || char === '\t' || (char === '\r' && text[index + 1] === '\n'))) continue;
    const kind = kindOf(text, index);
    if (!found.has(kind)) found.set(kind, { kind, codePoint: codePointLabel(char), offset: index });
  }
  return [...found.values()];
}

const FIELDS: Array<{ field: string; get: (tool: CatalogTool) => unknown; allowLayout: boolean }> = [
  { field: 'name', get: (tool) => tool.name, allowLayout: false },
  { field: 'title', get: (tool) => tool.title, allowLayout: false },
  { field: 'annotations.title', get: (tool) => tool.annotations?.title, allowLayout: false },
  { field: 'description', get: (tool) => tool.description, allowLayout: true },
];

export default defineCheck({
  codes: ['CONTROL_CHARACTERS'],
  family: 'lint',
  run({ catalog }) {
    const findings: Finding[] = [];
    for (const tool of visibleTools(catalog)) {
      for (const { field, get, allowLayout } of FIELDS) {
        const text = get(tool);
        if (typeof text !== 'string') continue;
        const found = findControlCharacters(text, allowLayout);
        if (!found.length) continue;
        findings.push(
          toolFinding('CONTROL_CHARACTERS', tool, {
            field,
            kind: found.map((each) => `${/^[AEIOU]/.test(each.kind) ? 'an' : 'a'} ${each.kind} (${each.codePoint} at offset ${each.offset})`).join(', '),
            kinds: found.map((each) => each.kind),
          }),
        );
      }
    }
    return findings;
  },
});
