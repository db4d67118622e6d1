import type { Rendering, RenderedName, WireRule } from '../../naming/index.js';
import type { FindingArgs } from '../finding-args.js';
import { makeFinding, type FindingOf } from '../types.js';
import { uniqueMembers } from './rendering.js';

/** What is wrong with a name on a target's wire (both parts are independent). */
export interface WireProblems {
  tooLong?: { length: number; limit: number };
  invalid?: { chars: string[]; problem?: string };
}

/**
 * A reusable checker for one wire rule. Whole-name regex first (the common, valid case is one test);
 * per-character verdicts are cached, so a catalog is checked in linear time.
 */
export function wireChecker(wire: WireRule): (name: string) => WireProblems {
  const verdicts = new Map<string, boolean>();
  const allowed = (char: string): boolean => {
    let verdict = verdicts.get(char);
    if (verdict === undefined) {
      verdict = wire.char
        ? new RegExp(wire.char.source, wire.char.flags.replace(/[gy]/g, '')).test(char)
        : wire.pattern.test(char) || wire.pattern.test(`a${char}`);
      verdicts.set(char, verdict);
    }
    return verdict;
  };
  return (name) => {
    const problems: WireProblems = {};
    if (name.length > wire.maxLength) problems.tooLong = { length: name.length, limit: wire.maxLength };
    if (wire.pattern.test(name)) return problems;
    const chars = new Set<string>();
    for (const char of name) if (!allowed(char)) chars.add(char);
    if (chars.size) {
      problems.invalid = { chars: [...chars] };
    } else if (name.length < (wire.minLength ?? 1)) {
      problems.invalid = { chars: [], problem: 'empty name' };
    } else if (wire.first && name.length && !wire.first.test([...name][0]!)) {
      problems.invalid = { chars: [], problem: `must start with ${wire.first.source}` };
    } else if (!problems.tooLong) {
      problems.invalid = { chars: [], problem: `does not match ${wire.pattern.source}` };
    }
    return problems;
  };
}

/** One part of a name as sent on the wire: the whole name, or a namespace or function of a namespaced tool (Codex). */
export interface WirePart {
  text: string;
  part?: 'namespace' | 'function';
}

/** What the wire rule applies to: `wireName ?? name`, or each part when the product sends the name in two parts. */
export function wireParts(rendered: RenderedName): WirePart[] {
  if (rendered.namespace !== undefined && rendered.function !== undefined) {
    return [
      { text: rendered.namespace, part: 'namespace' },
      { text: rendered.function, part: 'function' },
    ];
  }
  return [{ text: rendered.wireName ?? rendered.name }];
}

/** The name as sent when the product sends it whole (no namespace and function parts): the common case, checked without allocating. */
export function wholeWireName(rendered: RenderedName): string | undefined {
  return rendered.namespace !== undefined && rendered.function !== undefined ? undefined : (rendered.wireName ?? rendered.name);
}

/** The first part of a rendered name that breaks the rule in the way `broken` asks for, with its problems. */
export function firstProblem(
  check: ((name: string) => WireProblems) | undefined,
  rendered: RenderedName,
  broken: (problems: WireProblems) => boolean,
): { part: WirePart; problems: WireProblems } | undefined {
  for (const part of wireParts(rendered)) {
    const problems = check?.(part.text) ?? {};
    if (broken(problems)) return { part, problems };
  }
  return undefined;
}

/** The finding arguments naming the part that broke the rule (none for a name sent whole). */
export const partArgs = (part: WirePart): { part?: 'namespace' | 'function'; partName?: string } => (part.part ? { part: part.part, partName: part.text } : {});

/**
 * Names rendered more than once (by different pairs, or by a pair listed twice): a drop of such a name is
 * the target's collision policy at work, reported as NAME_COLLISION or DUPLICATE_IN_SERVER, not as a wire problem.
 */
export function sharedNames(rendering: Rendering): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
  for (let at = 0; at < rendering.names.length; at++) {
    const rendered = rendering.names[at]!;
    if (seen.has(rendered.name)) shared.add(rendered.name);
    else seen.add(rendered.name);
  }
  return shared;
}

/** A finding about one rendered name that breaks a target's wire rule (the target's drop, if any, recorded). */
export function nameFinding<C extends 'NAME_INVALID_CHARS' | 'NAME_TOO_LONG'>(
  code: C,
  targetId: string,
  rendered: RenderedName,
  args: FindingArgs[C],
): FindingOf<C> {
  const [member] = uniqueMembers([rendered]);
  return makeFinding(code, {
    severity: 'error',
    target: targetId,
    name: rendered.wireName ?? rendered.name,
    server: member!.server,
    tool: member!.tool,
    args: { ...args, ...(rendered.dropped !== undefined ? { dropped: rendered.dropped } : {}) },
  });
}

/** Printable list of offending characters: visible ones quoted, others as \u{…}. */
export function describeChars(chars: string[]): string {
  return (
    chars
      .slice(0, 20)
      .map((char) => (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? `"${char}"` : `\\u{${char.codePointAt(0)!.toString(16)}}`))
      .join(' ') + (chars.length > 20 ? ` and ${chars.length - 20} more` : '')
  );
}
