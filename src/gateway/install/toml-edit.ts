/**
 * Edits of a Codex config.toml as text, so comments, order and layout stay: smol-toml parses but cannot write a file
 * back with its comments, so a server is switched off by one `enabled = false` line in its own `[mcp_servers.<name>]`
 * table, and the gateway's table is appended at the end (or replaced, when it is there and differs). Every result is
 * parsed again and checked, so an edit that would change anything else is refused instead of written.
 */
import { parse, stringify } from 'smol-toml';
import { sameJson } from './json-edit.js';
import { installError } from './types.js';

/** A table header line (`[a."b.c"]`, not an array of tables) and its key path. */
function headerKeys(line: string): string[] | undefined {
  const match = /^\s*\[(?!\[)(.*)\]\s*(?:#.*)?$/.exec(line);
  if (!match) return undefined;
  const keys: string[] = [];
  let rest = match[1]!.trim();
  while (rest.length) {
    let key: string;
    if (rest.startsWith('"')) {
      const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
      if (!quoted) return undefined;
      key = JSON.parse(`"${quoted[1]!}"`) as string;
      rest = rest.slice(quoted[0].length);
    } else if (rest.startsWith("'")) {
      const end = rest.indexOf("'", 1);
      if (end < 0) return undefined;
      key = rest.slice(1, end);
      rest = rest.slice(end + 1);
    } else {
      const bare = /^[A-Za-z0-9_-]+/.exec(rest);
      if (!bare) return undefined;
      key = bare[0];
      rest = rest.slice(key.length);
    }
    keys.push(key);
    rest = rest.trim();
    if (rest.startsWith('.')) rest = rest.slice(1).trim();
    else if (rest.length) return undefined;
  }
  return keys;
}

const isPrefix = (prefix: readonly string[], keys: readonly string[]): boolean => prefix.every((key, index) => keys[index] === key);

/** Line ranges [start, end) of the tables whose key path starts with `prefix` (the table itself and its subtables). */
function sections(lines: readonly string[], prefix: readonly string[], exact: boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let current: number | undefined;
  lines.forEach((line, index) => {
    const keys = headerKeys(line) ?? (/^\s*\[\[/.test(line) ? [] : undefined);
    if (keys === undefined) return;
    if (current !== undefined) found.push([current, index]);
    current = (exact ? keys.length === prefix.length : keys.length >= prefix.length) && isPrefix(prefix, keys) ? index : undefined;
  });
  if (current !== undefined) found.push([current, lines.length]);
  return found;
}

type Table = Record<string, unknown>;
const servers = (text: string): Table => {
  const value = parseToml(text)['mcp_servers'];
  return value && typeof value === 'object' ? (value as Table) : {};
};

export function parseToml(text: string): Table {
  try {
    return parse(text) as Table;
  } catch (error) {
    throw installError(`not valid TOML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, 'fix the file and run again');
  }
}

/** `enabled = false` in the server's own table (an `enabled` line there is replaced). */
export function disableServer(text: string, file: string, name: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const [range] = sections(lines, ['mcp_servers', name], true);
  if (!range) {
    throw installError(
      `${file}: server "${name}" is not written as its own [mcp_servers.${name}] table, so mcpns cannot switch it off without rewriting the file`,
      `write it as a [mcp_servers.${name}] table, or add enabled = false to it yourself, and run again`,
    );
  }
  const enabledLine = lines.slice(range[0] + 1, range[1]).findIndex((line) => /^\s*enabled\s*=/.test(line));
  if (enabledLine >= 0) lines[range[0] + 1 + enabledLine] = 'enabled = false';
  else lines.splice(range[0] + 1, 0, 'enabled = false');
  const after = lines.join(eol);
  const check = servers(after)[name] as Table | undefined;
  const before = servers(text)[name] as Table | undefined;
  if (!check || check['enabled'] !== false || !sameJson({ ...before, enabled: false }, check)) {
    throw installError(`${file}: switching "${name}" off would change more than its enabled flag`, 'add enabled = false to it yourself and run again');
  }
  return after;
}

/** The gateway's `[mcp_servers.<key>]` table set to `entry`: appended, or put in place of one that differs. */
export function setGatewayTable(text: string, file: string, key: string, entry: Table): string {
  const existing = servers(text)[key];
  if (sameJson(existing, entry)) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let lines = text.split(/\r?\n/);
  if (existing !== undefined) {
    const ranges = sections(lines, ['mcp_servers', key], false);
    if (!ranges.length) throw installError(`${file}: the "${key}" server is not its own [mcp_servers.${key}] table`, 'remove it and run again');
    for (const [start, end] of ranges.reverse()) lines.splice(start, end - start);
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const block = stringify({ mcp_servers: { [key]: entry } })
    .trimEnd()
    .split('\n');
  lines = [...lines, ...(lines.length ? [''] : []), ...block, ''];
  const after = lines.join(eol);
  const without = (value: Table): Table => {
    const copy = { ...value, mcp_servers: { ...((value['mcp_servers'] as Table | undefined) ?? {}) } };
    delete copy.mcp_servers[key];
    return copy;
  };
  if (!sameJson(servers(after)[key], entry) || !sameJson(without(parseToml(after)), without(parseToml(text)))) {
    throw installError(`${file}: mcpns could not add its [mcp_servers.${key}] table without changing other entries`, 'remove the entry and run again');
  }
  return after;
}
