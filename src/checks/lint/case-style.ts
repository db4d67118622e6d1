import { defineCheck, type Finding } from '../types.js';
import { toolsInNamespaces } from './namespace-tools.js';
import { toolFinding } from './shared.js';

export type CaseStyle = 'snake' | 'camel' | 'kebab' | 'pascal';

// Case only: a leading digit is fine (`file_2fa_check`); acronyms in camel/pascal are tolerated (`getHTTPStatus`).
const CASE_PATTERNS: Record<CaseStyle, RegExp> = {
  snake: /^[a-z0-9]+(?:_[a-z0-9]+)*$/,
  camel: /^[a-z0-9]+(?:[A-Z][a-z0-9]*)*$/,
  kebab: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
};

/**
 * The part of a name the case rule applies to. A prefix that ends with a separator (`file_`,
 * `gh-`, `admin.`) is a namespace marker, not part of the word: `file_readFile` is camel case
 * after `file_`. A prefix without a separator (`weather` in `weatherGetForecast`) is part of the
 * first word, so the whole name is checked.
 */
export function caseSubject(name: string, prefix: string | undefined): string {
  if (prefix && /[_.-]$/.test(prefix) && name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  return name;
}

/** True when `name` is in `style` case. */
export function isCase(name: string, style: CaseStyle): boolean {
  return CASE_PATTERNS[style].test(name);
}

/** CASE_STYLE — one case style per namespace keeps names predictable for models and humans. */
export default defineCheck({
  codes: ['CASE_STYLE'],
  family: 'lint',
  run(context) {
    const findings: Finding[] = [];
    for (const { tool, namespace } of toolsInNamespaces(context)) {
      const style = namespace.case;
      if (style === undefined || style === 'any') continue;
      if (isCase(caseSubject(tool.name, namespace.prefix), style)) continue;
      findings.push(toolFinding('CASE_STYLE', tool, { case: style, namespace: namespace.name }));
    }
    return findings;
  },
});
