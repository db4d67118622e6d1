/**
 * The names the gateway exposes for tools and prompts: the chosen style's names, made valid MCP names, then budgeted
 * for the downstream client (`--for`) so the name that client finally shows (its own prefix included) fits its
 * limits and stays unique after its sanitizing. Pure: (pairs, settings) in, names and what happened to them out.
 */
import type { ToolRef } from '../catalog/types.js';
import { getTarget, MCP_SPEC_WIRE, wireProblems, type NamingTarget } from '../naming/index.js';
import { sha1Hex } from '../naming/hash.js';

/** The gateway's default style: `server__tool`, valid everywhere within 64 characters. */
export const DEFAULT_GATEWAY_STYLE = 'double-underscore';

export interface NamingSettings {
  /** A naming style id (`--style`). */
  style: string;
  /** The downstream client's preset (`--for`), whose final names are budgeted. */
  for?: string | undefined;
  /** The key the downstream client knows the gateway by (its config entry name), which its prefix carries. */
  key: string;
  /** `--mark-descriptions`: prefix the description of a tool several servers offer with its server's mark. */
  markDescriptions?: boolean | undefined;
}

/** A name that had to change to fit the downstream client, and why. */
export interface ShortenedName extends ToolRef {
  from: string;
  to: string;
  /** What the client would have shown before the change. */
  finalBefore: string;
  reason: string;
}

export interface ExposedNames {
  /** Exposed name per input pair (same order); undefined for a pair that lost an unseparable collision. */
  names: string[];
  /** The name the downstream client finally shows for each pair (equal to `names` without `--for`). */
  finals: string[];
  shortened: ShortenedName[];
  /**
   * Groups of pairs the style gives the same name (after making it a valid MCP name). Each member is kept apart by
   * its pair's hash (`exposed`, same order as `members`); reported at start (refused with `--strict`).
   */
  collisions: Array<{ name: string; members: ToolRef[]; exposed: string[] }>;
}

const HASH_LENGTH = 8;

/** Characters outside the MCP tool-name charset: "/" becomes "__" (the canonical separator), anything else "_". */
export function validMcpName(name: string): string {
  let out = name.replaceAll('/', '__').replace(/[^A-Za-z0-9._-]/g, '_');
  if (out.length === 0) out = '_';
  return out;
}

/** A deterministic shorter form of `name`: a head of it and a hash of the pair it stands for, `max` characters at most. */
export function shortenName(name: string, ref: ToolRef, max: number): string {
  const hash = sha1Hex(`${ref.server}\0${ref.tool}`).slice(0, HASH_LENGTH);
  const head = name.slice(0, Math.max(0, max - HASH_LENGTH - 1)).replace(/[_.-]+$/, '');
  return head ? `${head}_${hash}` : hash.slice(0, Math.max(1, max));
}

/**
 * The exposed names of `pairs` (tools, or prompts as pairs of server and prompt name) under the settings. Pairs the
 * style's own names make equal (`calc__add` and `calc/add`; server `a__b` tool `c` and server `a` tool `b__c`) each
 * get their pair's hash, as names a client's sanitizing would merge do, and are returned as collisions. A name the
 * downstream client would cut, drop, refuse or merge with another after its sanitizing is shortened
 * deterministically (head + sha1 of the pair) and reported.
 */
export function exposeNames(servers: readonly string[], pairs: readonly ToolRef[], settings: NamingSettings): ExposedNames {
  const style = getTarget(settings.style);
  const rendering = style.render({ servers: servers.map((name) => ({ name })), tools: [...pairs] });
  const names = rendering.names.map((rendered) => validMcpName(rendered.name));
  const groups = new Map<string, number[]>();
  names.forEach((name, index) => {
    const bucket = groups.get(name);
    if (bucket) bucket.push(index);
    else groups.set(name, [index]);
  });
  const collisions: ExposedNames['collisions'] = [];
  for (const [name, indexes] of groups) {
    // A server listing one name twice is no collision: its first entry is the one routed.
    if (new Set(indexes.map((index) => `${pairs[index]!.server}\0${pairs[index]!.tool}`)).size < 2) continue;
    const max = Math.min(name.length + HASH_LENGTH + 1, MCP_SPEC_WIRE.maxLength);
    for (const index of indexes) names[index] = shortenName(name, pairs[index]!, max);
    collisions.push({ name, members: indexes.map((index) => pairs[index]!), exposed: indexes.map((index) => names[index]!) });
  }

  const shortened: ShortenedName[] = [];
  // Names over the MCP limit are shortened even without --for (the spec's 128).
  names.forEach((name, index) => {
    if (wireProblems(MCP_SPEC_WIRE, name).some((problem) => problem.kind === 'too-long')) {
      const to = shortenName(name, pairs[index]!, MCP_SPEC_WIRE.maxLength);
      shortened.push({ ...pairs[index]!, from: name, to, finalBefore: name, reason: `longer than the MCP limit of ${MCP_SPEC_WIRE.maxLength}` });
      names[index] = to;
    }
  });
  if (!settings.for) return { names, finals: [...names], shortened, collisions };
  const client = getTarget(settings.for);
  const finals = budget(client, settings.key, names, pairs, shortened);
  return { names, finals, shortened, collisions };
}

/**
 * What the client shows for each exposed name of one server (the gateway) called `key`: the one rendering of the
 * gateway's names by a client (budgeting, `serve --dry-run`'s names and findings all use it).
 */
export function clientFinals(client: NamingTarget, key: string, names: readonly string[]) {
  return client.render({ servers: [{ name: key, serverInfo: { name: key } }], tools: names.map((tool) => ({ server: key, tool })) }).names;
}

/** Why the client would not show `index` as is: too long or dropped (undefined when it is fine). */
function problemOf(client: NamingTarget, finals: ReturnType<typeof clientFinals>, index: number): string | undefined {
  const final = finals[index]!;
  if (final.refused) return undefined; // a refusal of the gateway's own key is not a tool's problem
  if (final.dropped) return final.dropped;
  const wire = client.wire ?? MCP_SPEC_WIRE;
  const tooLong = wireProblems(wire, final.wireName ?? final.name).find((problem) => problem.kind === 'too-long');
  return tooLong && tooLong.kind === 'too-long' ? `${client.id} shows it as ${tooLong.length} characters, over its limit of ${tooLong.maxLength}` : undefined;
}

function budget(client: NamingTarget, key: string, names: string[], pairs: readonly ToolRef[], shortened: ShortenedName[]): string[] {
  let finals = clientFinals(client, key, names);
  const record = (index: number, to: string, reason: string): void => {
    const existing = shortened.find((entry) => entry.server === pairs[index]!.server && entry.tool === pairs[index]!.tool);
    if (existing) {
      existing.to = to;
      existing.reason += `; ${reason}`;
    } else shortened.push({ ...pairs[index]!, from: names[index]!, to, finalBefore: finals[index]!.name, reason });
    names[index] = to;
  };
  // 1. Too long (or dropped for its length): shorten until the client keeps it. Each name is judged alone, so a
  //    client's own collision policy (first wins…) does not count here; collisions are step 2.
  for (let index = 0; index < names.length; index++) {
    const problem = problemOf(client, clientFinals(client, key, [names[index]!]), 0);
    if (!problem) continue;
    const wire = client.wire ?? MCP_SPEC_WIRE;
    const overhead = (finals[index]!.wireName ?? finals[index]!.name).length - names[index]!.length;
    let max = Math.min(names[index]!.length - 1, wire.maxLength - Math.max(0, overhead));
    let candidate = shortenName(names[index]!, pairs[index]!, Math.max(HASH_LENGTH + 2, max));
    for (let guard = 0; guard < 64 && max > HASH_LENGTH; guard++) {
      const single = clientFinals(client, key, [candidate]);
      if (!problemOf(client, single, 0)) break;
      max--;
      candidate = shortenName(names[index]!, pairs[index]!, max);
    }
    record(index, candidate, problem);
  }
  finals = clientFinals(client, key, names);
  // 2. Equal after the client's sanitizing: every member of the group gets its pair's hash (order-independent).
  const byFinal = new Map<string, number[]>();
  finals.forEach((final, index) => {
    const shown = final.wireName ?? final.name;
    const bucket = byFinal.get(shown);
    if (bucket) bucket.push(index);
    else byFinal.set(shown, [index]);
  });
  for (const [shown, indexes] of byFinal) {
    if (indexes.length < 2 || new Set(indexes.map((index) => names[index])).size < indexes.length) continue;
    for (const index of indexes) {
      const wire = client.wire ?? MCP_SPEC_WIRE;
      const overhead = shown.length - names[index]!.length;
      const max = Math.min(names[index]!.length + HASH_LENGTH + 1, wire.maxLength - Math.max(0, overhead));
      record(
        index,
        shortenName(names[index]!, pairs[index]!, max),
        `${client.id} shows it as ${shown}, like ${indexes.length - 1} other name(s), after its sanitizing`,
      );
    }
  }
  return clientFinals(client, key, names).map((final) => final.wireName ?? final.name);
}
