import { RULES } from '../rules/index.js';
import type { Check } from '../types.js';
import caseStyle from './case-style.js';
import controlCharacters from './control-characters.js';
import crossServerReference from './cross-server-reference.js';
import indistinctTools from './indistinct-tools.js';
import inputSchemaInvalid from './input-schema-invalid.js';
import malformedTool from './malformed-tool.js';
import missingDescription from './missing-description.js';
import patternMismatch from './pattern-mismatch.js';
import prefixMismatch from './prefix-mismatch.js';
import protocolRevisionOutdated from './protocol-revision-outdated.js';
import serverNameInvalid from './server-name-invalid.js';
import toolNameSpec from './tool-name-spec.js';

/** Each lint check by the codes it reports. */
const CHECK_OF = new Map<string, Check>(
  [
    caseStyle,
    controlCharacters,
    crossServerReference,
    indistinctTools,
    inputSchemaInvalid,
    malformedTool,
    missingDescription,
    patternMismatch,
    prefixMismatch,
    protocolRevisionOutdated,
    serverNameInvalid,
    toolNameSpec,
  ].flatMap((check) => check.codes.map((code) => [code, check] as const)),
);

/**
 * Naming-convention and tool-definition rules (lint), one module per rule, each pure and linear: the rules the rules
 * index (src/checks/rules/index.ts) says lint reports and check-conflicts does not (the findings both report come from
 * the conflict checks), in its order.
 */
export const LINT_CHECKS: Check[] = RULES.filter((rule) => rule.reportedBy.includes('lint') && !rule.reportedBy.includes('check-conflicts')).map((rule) => {
  const check = CHECK_OF.get(rule.code);
  // A rule lint reports without a check would be a silent gap: fail at load (every test of lint sees it).
  if (!check) throw new Error(`src/checks/lint: no check reports ${rule.code}`);
  return check;
});
