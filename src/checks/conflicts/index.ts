import type { Check } from '../types.js';
import { ambiguousRoute } from './ambiguous-route.js';
import { duplicateInServer } from './duplicate-in-server.js';
import { nameCollision } from './name-collision.js';
import { nameInvalidChars } from './name-invalid-chars.js';
import { nameRefused } from './name-refused.js';
import { nameTooLong } from './name-too-long.js';
import { nearCollision } from './near-collision.js';
import { serverUnreachable } from './server-unreachable.js';
import { shadowedTool } from './shadowed-tool.js';
import { tooManyTools } from './too-many-tools.js';

export { serverUnreachable } from './server-unreachable.js';

/** Collision checks (check-conflicts), one module per check. */
export const CONFLICT_CHECKS: Check[] = [
  serverUnreachable,
  shadowedTool,
  nameRefused,
  nameCollision,
  duplicateInServer,
  ambiguousRoute,
  nearCollision,
  nameTooLong,
  nameInvalidChars,
  tooManyTools,
];
