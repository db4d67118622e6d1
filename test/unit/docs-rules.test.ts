import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRulesDoc } from '../../scripts/rules-doc.mjs';
import { ALL_CODES, CODES, isCode } from '../../src/checks/codes.js';
import { CHECKS } from '../../src/checks/registry.js';
import { RULES } from '../../src/checks/rules/index.js';

const text = readFileSync(resolve(import.meta.dirname, '../../docs/rules.md'), 'utf8');
const sections = text.split(/^## /m).slice(1);
const headings = sections.map((section) => section.split('\n', 1)[0]!.trim());
const kebab = (code: string): string => code.toLowerCase().replaceAll('_', '-');

describe('the rules (src/checks/rules/, one file per code)', () => {
  it('are one file per code, named after it, each in the list', () => {
    const files = readdirSync(resolve(import.meta.dirname, '../../src/checks/rules'))
      .filter((file) => !['define.ts', 'wording.ts', 'index.ts'].includes(file))
      .sort();
    expect(files).toEqual(RULES.map((rule) => `${kebab(rule.code)}.ts`).sort());
    expect(new Set(RULES.map((rule) => rule.code)).size).toBe(RULES.length);
    expect(ALL_CODES).toEqual(RULES.map((rule) => rule.code).sort());
  });

  it('say which commands report them, as the check registry runs them', () => {
    const emitted = (family: 'conflicts' | 'lint') => new Set(CHECKS[family].flatMap((check) => check.codes));
    const conflicts = emitted('conflicts');
    const lint = emitted('lint');
    for (const rule of RULES) {
      const by = [...rule.reportedBy];
      if (conflicts.has(rule.code)) expect(by, rule.code).toEqual(expect.arrayContaining(['check-conflicts', 'check']));
      if (lint.has(rule.code)) expect(by, rule.code).toEqual(expect.arrayContaining(['lint', 'check']));
      // Discovery codes come with every checking command (runChecks adds their checks to any family).
      if (rule.family === 'discovery') expect(by, rule.code).toEqual(expect.arrayContaining(['check-conflicts', 'lint', 'check']));
      else if (by.includes('check-conflicts')) expect(conflicts.has(rule.code), `${rule.code}: no conflicts check emits it`).toBe(true);
      else if (by.includes('lint')) expect(lint.has(rule.code), `${rule.code}: no lint check emits it`).toBe(true);
      if (rule.family === 'drift') expect(by, rule.code).toEqual(['diff']);
    }
  });

  it('name a replacement that exists when deprecated, and no check emits a deprecated code', () => {
    const emitted = new Set(Object.values(CHECKS).flatMap((checks) => checks.flatMap((check) => check.codes)));
    for (const rule of RULES) {
      if (rule.lifecycle !== 'deprecated') {
        expect(rule, rule.code).not.toHaveProperty('replacedBy');
        continue;
      }
      if (rule.replacedBy !== undefined) expect(isCode(rule.replacedBy), rule.code).toBe(true);
      expect(emitted.has(rule.code), rule.code).toBe(false);
    }
  });
});

describe('docs/rules.md', () => {
  it('is what npm run docs:rules renders from the rules (run it after changing a rule)', () => {
    expect(text).toBe(renderRulesDoc(RULES, text));
  });

  it('changes with a rule: its severity, lifecycle and doc text reach the page with no second edit', () => {
    const changed = RULES.map((rule) =>
      rule.code === 'CASE_STYLE'
        ? { ...rule, severity: 'error' as const, lifecycle: 'deprecated' as const, replacedBy: 'PATTERN_MISMATCH', doc: { ...rule.doc, why: 'a new why.' } }
        : rule,
    );
    const rendered = renderRulesDoc(changed, text);
    const section = rendered.split(/^## /m).find((part) => part.startsWith('CASE_STYLE\n'))!;
    expect(section).toContain('Default severity: **error** · family: naming · lifecycle: deprecated (use `PATTERN_MISMATCH`)');
    expect(section).toContain('Why: a new why.');
    expect(rendered).toContain('| [`CASE_STYLE`](#case_style) | error | naming | deprecated (use `PATTERN_MISMATCH`) |');
    expect(rendered).not.toBe(text);
  });

  it('has one "## CODE" section per code, each with its severity, a why, a failing and a passing example', () => {
    expect([...headings].sort()).toEqual([...ALL_CODES].sort());
    for (const section of sections) {
      const code = section.split('\n', 1)[0]!.trim() as keyof typeof CODES;
      expect(section, code).toContain(`Default severity: **${CODES[code].severity}** · family: ${CODES[code].family}`);
      expect(section, code).toMatch(/^Why: \S/m);
      expect(section, code).toMatch(/^Failing\b.*: \S/m);
      expect(section, code).toMatch(/^Passing: \S/m);
    }
  });
});
