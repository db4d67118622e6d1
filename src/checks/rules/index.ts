import { shadowedTool } from './shadowed-tool.js';
import { nameCollision } from './name-collision.js';
import { duplicateInServer } from './duplicate-in-server.js';
import { ambiguousRoute } from './ambiguous-route.js';
import { nearCollision } from './near-collision.js';
import { notApproved } from './not-approved.js';
import { notTrusted } from './not-trusted.js';
import { nameRefused } from './name-refused.js';
import { tooManyTools } from './too-many-tools.js';
import { serverUnreachable } from './server-unreachable.js';
import { configRejected } from './config-rejected.js';
import { serverAuthRequired } from './server-auth-required.js';
import { nameInvalidChars } from './name-invalid-chars.js';
import { nameTooLong } from './name-too-long.js';
import { nameShortened } from './name-shortened.js';
import { toolNameSpec } from './tool-name-spec.js';
import { serverNameInvalid } from './server-name-invalid.js';
import { prefixMismatch } from './prefix-mismatch.js';
import { patternMismatch } from './pattern-mismatch.js';
import { caseStyle } from './case-style.js';
import { missingDescription } from './missing-description.js';
import { inputSchemaInvalid } from './input-schema-invalid.js';
import { malformedTool } from './malformed-tool.js';
import { controlCharacters } from './control-characters.js';
import { crossServerReference } from './cross-server-reference.js';
import { indistinctTools } from './indistinct-tools.js';
import { protocolRevisionOutdated } from './protocol-revision-outdated.js';
import { serverAdded } from './server-added.js';
import { serverRemoved } from './server-removed.js';
import { toolAdded } from './tool-added.js';
import { toolRemoved } from './tool-removed.js';
import { descriptionChanged } from './description-changed.js';
import { schemaBreaking } from './schema-breaking.js';
import { schemaCompatible } from './schema-compatible.js';
import { annotationsChanged } from './annotations-changed.js';
import { protocolRevisionChanged } from './protocol-revision-changed.js';

/**
 * Every finding code, in documentation order (docs/rules.md): one file per code holds its arguments, severity,
 * lifecycle, wording and docs. A new code is one new file here and one line in this list; the finding union
 * (finding-args.ts), the code table (codes.ts), docs/rules.md (`npm run docs:rules`) and the help texts follow.
 */
export const RULES = [
  shadowedTool,
  nameCollision,
  duplicateInServer,
  ambiguousRoute,
  nearCollision,
  nameRefused,
  tooManyTools,
  serverUnreachable,
  configRejected,
  notTrusted,
  notApproved,
  serverAuthRequired,
  nameInvalidChars,
  nameTooLong,
  nameShortened,
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
  serverAdded,
  serverRemoved,
  toolAdded,
  toolRemoved,
  descriptionChanged,
  schemaBreaking,
  schemaCompatible,
  annotationsChanged,
  protocolRevisionChanged,
] as const;
