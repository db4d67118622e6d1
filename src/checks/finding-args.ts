import type { RuleArgs } from './rules/define.js';
import type { RULES } from './rules/index.js';

/**
 * The arguments each finding code carries (publint's `BaseMessage<Code, Args>` idea), read off the rules
 * (src/checks/rules/<code>.ts): checks that produce a finding and the wording that reads it are both checked against
 * this map by the compiler, so a misspelt or missing argument does not compile instead of printing empty text.
 * `hint`, where present, is the hint a check computed for this very finding (it names the real server and tool).
 */
export type FindingArgs = { [R in (typeof RULES)[number] as R['code']]: RuleArgs<R> };

export type { SchemaChangeArgs } from './rules/schema-breaking.js';

/** Every finding code. */
export type Code = keyof FindingArgs;
