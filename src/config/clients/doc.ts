import { createRequire } from 'node:module';
import type { Node as YamlNode } from 'yaml';
import { ConfigError } from '../../errors.js';
import { locate, parseJsonText } from '../json-text.js';
import type { ClientId, Diagnostic } from '../model.js';
import type { FileInput } from './types.js';

// smol-toml is only needed for Codex files: required on first use so other commands do not load it.
type SmolToml = typeof import('smol-toml');
let smolToml: SmolToml | undefined;
export const toml = (): SmolToml => (smolToml ??= createRequire(import.meta.url)('smol-toml') as SmolToml);

// yaml likewise, for Continue and Goose files only (its CommonJS build, so any Node can require it on demand).
type Yaml = typeof import('yaml');
let yamlModule: Yaml | undefined;
export const yaml = (): Yaml => (yamlModule ??= createRequire(import.meta.url)('yaml') as Yaml);

export type DocFormat = 'json' | 'jsonc' | 'toml' | 'yaml';

/** A parsed config file and a way to find the line of a key in it. */
export interface ParsedDoc {
  value: unknown;
  format: DocFormat;
  locate(path: Array<string | number>): { line: number; column: number } | undefined;
  /** Parse-level diagnostics (a strict-JSON client's file with comments). */
  diagnostics: Diagnostic[];
}

/**
 * JSON for every JSON-based client. Comments and trailing commas are always accepted; for a
 * strict-JSON client (Claude Desktop, Claude Code, Cursor, Cline) they add STRICT_JSON_COMMENT,
 * because that client would refuse to load the file.
 */
export function parseJsonDoc(input: FileInput, client: { label: string; strict: boolean; id?: ClientId }): ParsedDoc {
  const parsed = parseJsonText(input.text, input.shown, { allowComments: true });
  const diagnostics: Diagnostic[] = [];
  const owner = client.id ? { client: client.id } : {};
  if (parsed.hadComments && client.strict) {
    const at = parsed.strictProblem;
    diagnostics.push({
      level: 'error',
      code: 'STRICT_JSON_COMMENT',
      message: `${client.label} reads this file as strict JSON and refuses it: a comment or trailing comma${at ? ` at line ${at.line} (${at.message})` : ''}`,
      file: input.shown,
      ...(at ? { line: at.line, column: at.column } : {}),
      rejects: 'file',
      ...owner,
    });
  }
  if (!isRecordValue(parsed.value)) {
    diagnostics.push({
      level: 'error',
      code: 'ROOT_NOT_OBJECT',
      message: `${client.label} refuses this file: its root is not a JSON object`,
      file: input.shown,
      line: 1,
      rejects: 'file',
      ...owner,
    });
  }
  return {
    value: parsed.value,
    format: client.strict ? 'json' : 'jsonc',
    locate: (path) => locate(input.text, parsed.tree, path),
    diagnostics,
  };
}

const isRecordValue = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** TOML (Codex). Errors carry line and column. */
export function parseTomlDoc(input: FileInput): ParsedDoc {
  let value: unknown;
  try {
    value = toml().parse(input.text);
  } catch (error) {
    if (error instanceof toml().TomlError) {
      const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
      throw new ConfigError('CONFIG_PARSE', `${input.shown}:${error.line}:${error.column}: TOML syntax error: ${reason}`, {
        location: { file: input.shown, line: error.line, column: error.column },
      });
    }
    throw error;
  }
  const lines = input.text.split(/\r?\n/);
  return { value, format: 'toml', locate: (path) => locateToml(lines, path), diagnostics: [] };
}

const tomlKey = (key: string): string => `(?:${escapeRegExp(key)}|"${escapeRegExp(key)}"|'${escapeRegExp(key)}')`;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Line of `[a.b]` (or `b = {` inside `[a]`) for a two-segment path; enough to point at a server table. */
function locateToml(lines: string[], path: Array<string | number>): { line: number; column: number } | undefined {
  const keys = path.slice(0, 2).map(String);
  if (keys.length === 0) return undefined;
  const header = new RegExp(`^\\s*\\[\\s*${keys.map(tomlKey).join('\\s*\\.\\s*')}\\s*\\]`);
  const index = lines.findIndex((line) => header.test(line));
  if (index >= 0) return { line: index + 1, column: lines[index]!.search(/\S/) + 1 };
  if (keys.length === 2) {
    const parent = new RegExp(`^\\s*\\[\\s*${tomlKey(keys[0]!)}\\s*\\]`);
    const start = lines.findIndex((line) => parent.test(line));
    const inline = new RegExp(`^\\s*${tomlKey(keys[1]!)}\\s*=`);
    for (let at = start + 1; start >= 0 && at < lines.length && !/^\s*\[/.test(lines[at]!); at++) {
      if (inline.test(lines[at]!)) return { line: at + 1, column: lines[at]!.search(/\S/) + 1 };
    }
  }
  return undefined;
}

/** YAML (Continue, Goose). Errors carry line and column. */
export function parseYamlDoc(input: FileInput): ParsedDoc {
  const lineCounter = new (yaml().LineCounter)();
  // logLevel 'error': the yaml package would otherwise print warnings (quoting the file's text) straight to stderr.
  const document = yaml().parseDocument(input.text, { lineCounter, logLevel: 'error' });
  const first = document.errors[0];
  if (first) {
    const at = first.linePos?.[0];
    throw new ConfigError(
      'CONFIG_PARSE',
      `${input.shown}${at ? `:${at.line}:${at.col}` : ''}: YAML syntax error: ${first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      { location: { file: input.shown, ...(at ? { line: at.line, column: at.col } : {}) } },
    );
  }
  const locateYaml = (path: Array<string | number>): { line: number; column: number } | undefined => {
    let node: unknown = document.contents;
    let offset: number | undefined;
    for (const segment of path) {
      if (yaml().isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === segment);
        if (!pair) return undefined;
        offset = (pair.key as YamlNode).range?.[0];
        node = pair.value;
      } else if (yaml().isSeq(node) && typeof segment === 'number') {
        node = node.items[segment];
        offset = (node as YamlNode | undefined)?.range?.[0];
      } else {
        return undefined;
      }
    }
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // toJS throws on an alias whose anchor is missing (`cmd: *x`) or that expands too much: still a syntax problem.
    throw new ConfigError('CONFIG_PARSE', `${input.shown}: YAML error: ${(error as Error).message}`, { location: { file: input.shown } });
  }
  return { value, format: 'yaml', locate: locateYaml, diagnostics: [] };
}
