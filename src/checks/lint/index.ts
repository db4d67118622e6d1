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

/** Naming-convention and tool-definition rules (lint), one module per rule. Each is pure and linear. */
export const LINT_CHECKS: Check[] = [
  toolNameSpec,
  serverNameInvalid,
  prefixMismatch,
  patternMismatch,
  caseStyle,
  missingDescription,
  inputSchemaInvalid,
  malformedTool,
  controlCharacters,
  crossServerReference,
  indistinctTools,
  protocolRevisionOutdated,
];
