/**
 * Random mutations of real config/catalog text for the fuzz suites: character edits (delete, insert, replace,
 * truncate, duplicate a slice) and structural ones (a value somewhere in the tree replaced by a wrong type,
 * a duplicated key), applied in sequence.
 */
import fc from '../../helpers/fast-check.js';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

/** Fragments that mean something to one of the dialects (or to mcpns: variables, includes, prototype keys). */
const TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ',',
  ':',
  '=',
  '\n',
  '\\',
  '#',
  '//',
  '/*',
  '*/',
  '- ',
  '  ',
  '\t',
  '\r\n',
  '\u0000',
  '\ufeff',
  '\ud800',
  'null',
  'true',
  '1e999',
  '-0',
  '0x10',
  'NaN',
  '[[',
  ']]',
  '[mcp_servers.x]',
  'command = 1',
  '&a',
  '*a',
  ' *x',
  '[*x]',
  '&x [*x]',
  '<<: *a',
  '!!binary zz',
  '!!int x',
  '!custom',
  '? ',
  '|',
  '>-',
  '---',
  '...',
  '${',
  '${VAR}',
  '${VAR:-default}',
  '${env:HOME}',
  '${input:token}',
  '${userHome}',
  '${workspaceFolder}',
  '$VAR',
  '{env:VAR}',
  '~/',
  '"__proto__": {"polluted": 1},',
  '"constructor": {"prototype": 1},',
  '"servers": 1,',
  '"servers": {"x": {"command": 5}},',
  '"include": ["mcpns.config.json"],',
  '"include": ["."],',
  '"include": ["/dev/null"],',
  '"include": [1],',
  '"type": "weird",',
  '"url": "http://u:p@[::1",',
  '"args": "not an array",',
  '"env": ["x"],',
  '"headers": {"a": 1},',
  '"enabled": "yes",',
  '"timeoutMs": -1,',
  '"timeoutMs": 1e400,',
  '"pattern": "(",',
  '"pattern": "(a+)+$",',
  '"routes": [{}],',
  '"profiles": {"p": {"servers": 1}},',
  '"naming": {"style": "nope"},',
  '"rules": {"X": "off"},',
  '"ignore": [{}],',
  '"namespaces": {"n": {"servers": ["ghost"], "pattern": "("}},',
];

const insertion = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\n', ' ', '=', '#', '-', '\\'), maxLength: 8 }) },
);

const WRONG_VALUES: unknown[] = [1, -1, 0.5, 0, null, true, false, '', 'x', '${NOPE}', [], {}, [1, 'a'], { a: 1 }, 'x'.repeat(5000), { command: 1 }];

export type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'replace'; at: number; text: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'duplicate'; from: number; length: number; to: number }
  | { kind: 'value'; index: number; text: string }
  | { kind: 'wrong-type'; path: number[]; value: number }
  | { kind: 'duplicate-key'; path: number[] };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: insertion }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: insertion }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), from: fc.nat(), length: fc.integer({ min: 1, max: 80 }), to: fc.nat() }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('value' as const), index: fc.nat(), text: insertion }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wrong-type' as const), path: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), value: fc.nat() }) },
  fc.record({ kind: fc.constant('duplicate-key' as const), path: fc.array(fc.nat(), { maxLength: 4 }) }),
);

export const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });

type Format = 'json' | 'jsonc' | 'toml' | 'yaml';

export function formatOf(path: string): Format {
  if (path.endsWith('.toml')) return 'toml';
  if (/\.ya?ml$/.test(path)) return 'yaml';
  return path.endsWith('.jsonc') ? 'jsonc' : 'json';
}

function parseTree(text: string, format: Format): unknown {
  if (format === 'toml') return parseToml(text);
  if (format === 'yaml') return parseYaml(text, { logLevel: 'error' });
  return parseJsonc(text, [], { allowTrailingComma: true });
}

function serialize(value: unknown, format: Format): string {
  if (format === 'toml') return stringifyToml(value as Record<string, unknown>);
  if (format === 'yaml') return stringifyYaml(value);
  return JSON.stringify(value, null, 2);
}

/** Follow `path` (indexes taken modulo the number of children) and call `edit` on the container and key reached. */
function editAt(root: unknown, path: number[], edit: (container: Record<string, unknown> | unknown[], key: string | number) => void): void {
  let node = root;
  for (let depth = 0; depth < path.length; depth++) {
    if (node === null || typeof node !== 'object') return;
    const keys = Array.isArray(node) ? node.map((_, index) => index) : Object.keys(node);
    if (!keys.length) return;
    const key = keys[path[depth]! % keys.length]!;
    const child = (node as Record<string | number, unknown>)[key];
    if (depth === path.length - 1 || child === null || typeof child !== 'object') return edit(node as Record<string, unknown>, key);
    node = child;
  }
}

function mutateTree(text: string, format: Format, change: Extract<Mutation, { kind: 'wrong-type' | 'duplicate-key' }>): string {
  let tree: unknown;
  try {
    tree = parseTree(text, format);
  } catch {
    return text; // already broken: structural edits need a tree
  }
  if (tree === null || typeof tree !== 'object') return text;
  if (change.kind === 'wrong-type') {
    editAt(tree, change.path, (container, key) => {
      (container as Record<string | number, unknown>)[key] = WRONG_VALUES[change.value % WRONG_VALUES.length];
    });
    try {
      return serialize(tree, format);
    } catch {
      return text; // e.g. TOML cannot hold null
    }
  }
  // Duplicate key: only JSON text can hold one; repeat the first key of the chosen object right after it.
  if (format !== 'json' && format !== 'jsonc') return text;
  const keyMatch = [...text.matchAll(/"([^"\\\n]{1,40})"\s*:/g)];
  if (!keyMatch.length) return text;
  const match = keyMatch[(change.path[0] ?? 0) % keyMatch.length]!;
  const insertAt = match.index! + match[0].length;
  return `${text.slice(0, insertAt)} null, "${match[1]}":${text.slice(insertAt)}`;
}

/** Apply the mutations in order. */
export function applyMutations(text: string, path: string, list: Mutation[]): string {
  const format = formatOf(path);
  let result = text;
  for (const change of list) {
    const at = (n: number): number => n % (result.length + 1);
    switch (change.kind) {
      case 'delete':
        result = result.slice(0, at(change.at)) + result.slice(at(change.at) + change.length);
        break;
      case 'insert':
        result = result.slice(0, at(change.at)) + change.text + result.slice(at(change.at));
        break;
      case 'replace':
        result = result.slice(0, at(change.at)) + change.text + result.slice(at(change.at) + change.text.length);
        break;
      case 'truncate':
        result = result.slice(0, at(change.at));
        break;
      case 'duplicate': {
        const from = at(change.from);
        result = result.slice(0, at(change.to)) + result.slice(from, from + change.length) + result.slice(at(change.to));
        break;
      }
      case 'value': {
        // Replace the text of one scalar value (after ":" or "=") in any dialect: where tokens like `*x` bite.
        const values = [...result.matchAll(/[:=][ \t]*([^\s,\]}#][^,\]}\n#]*)/g)];
        const match = values[change.index % Math.max(values.length, 1)];
        if (match?.[1] !== undefined) {
          const start = match.index! + match[0].length - match[1].length;
          result = result.slice(0, start) + change.text + result.slice(start + match[1].length);
        }
        break;
      }
      default:
        result = mutateTree(result, format, change);
    }
  }
  return result;
}

/** Only edits that keep the text parseable: wrong types deep in the tree (JSON Schemas included). */
export const structuralMutations = fc.array(
  fc.record({ kind: fc.constant('wrong-type' as const), path: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), value: fc.nat() }),
  { minLength: 1, maxLength: 4 },
);
