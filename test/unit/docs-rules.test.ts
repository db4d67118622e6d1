import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, CODES } from '../../src/checks/codes.js';

const text = readFileSync(resolve(import.meta.dirname, '../../docs/rules.md'), 'utf8');
const sections = text.split(/^## /m).slice(1);
const headings = sections.map((section) => section.split('\n', 1)[0]!.trim());

describe('docs/rules.md', () => {
  it('has one "## CODE" section per code in the code table, and no other', () => {
    expect([...headings].sort()).toEqual([...ALL_CODES].sort());
    expect(new Set(headings).size).toBe(headings.length);
  });

  it("states each code's default severity and family as in the code table", () => {
    for (const section of sections) {
      const code = section.split('\n', 1)[0]!.trim() as keyof typeof CODES;
      const info = CODES[code];
      expect(section, code).toContain(`Default severity: **${info.severity}** · family: ${info.family}`);
    }
  });

  it('gives every code a why, a failing and a passing example', () => {
    for (const section of sections) {
      const code = section.split('\n', 1)[0];
      expect(section, code).toMatch(/^Why: /m);
      expect(section, code).toMatch(/^Failing\b/m);
      expect(section, code).toMatch(/^Passing: /m);
    }
  });
});
