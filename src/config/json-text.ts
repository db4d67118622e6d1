import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { ConfigError } from '../errors.js';
import { defineOwn } from '../util/own.js';

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export interface ParsedJson {
  value: unknown;
  tree: Node | undefined;
  /** Comments or trailing commas were found (only possible with allowComments). */
  hadComments: boolean;
  /** Where strict JSON first fails (the first comment or trailing comma), when hadComments. */
  strictProblem?: { line: number; column: number; message: string };
}

/**
 * Parse JSON (or JSONC when allowed) and fail with file, line and column.
 * With allowComments the comments/trailing commas are accepted but reported via hadComments,
 * so readers of strict-JSON clients can warn that the client itself would reject the file.
 */
export function parseJsonText(text: string, file: string, options: { allowComments: boolean }): ParsedJson {
  try {
    const strictErrors: ParseError[] = [];
    let tree = parseTree(text, strictErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    let hadComments = false;
    let errors = strictErrors;
    if (strictErrors.length > 0 && options.allowComments) {
      const lenientErrors: ParseError[] = [];
      tree = parseTree(text, lenientErrors, { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false });
      hadComments = lenientErrors.length === 0;
      errors = lenientErrors;
    }
    const syntax = jsonSyntaxError(text, errors);
    if (syntax) {
      const { line, column, message } = syntax;
      throw new ConfigError('CONFIG_PARSE', `${file}:${line}:${column}: JSON syntax error: ${message}`, {
        location: { file, line, column },
      });
    }
    // The value comes from the tree: jsonc-parser's own values assign keys, so a "__proto__" key (a server named
    // "__proto__") would vanish into the object's prototype.
    const strictProblem = hadComments ? jsonSyntaxError(text, strictErrors) : undefined;
    return { value: tree ? treeValue(tree) : undefined, tree, hadComments, ...(strictProblem ? { strictProblem } : {}) };
  } catch (error) {
    // jsonc-parser recurses: a file nested tens of thousands of levels deep overflows the stack.
    if (error instanceof RangeError) {
      throw new ConfigError('CONFIG_PARSE', `${file}: JSON nested too deeply to read`, { location: { file } });
    }
    throw error;
  }
}

/**
 * The value of a parse tree, without recursion. Keys are defined as own properties: "__proto__", "constructor"
 * and "prototype" are ordinary keys. A duplicated key keeps its last value, as JSON.parse does.
 */
export function treeValue(root: Node): unknown {
  const make = (node: Node): unknown => (node.type === 'object' ? {} : node.type === 'array' ? [] : node.value);
  const value = make(root);
  const stack: Array<[Node, unknown]> = [[root, value]];
  while (stack.length) {
    const [node, target] = stack.pop()!;
    if (node.type === 'array') {
      for (const child of node.children ?? []) {
        const made = make(child);
        (target as unknown[]).push(made);
        if (child.children) stack.push([child, made]);
      }
    } else if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, child] = property.children ?? [];
        if (!key || !child) continue;
        const made = make(child);
        defineOwn(target as object, String(key.value), made);
        if (child.children) stack.push([child, made]);
      }
    }
  }
  return value;
}

/** The first of jsonc-parser's errors as a 1-based position and a phrase, or undefined when there is none. */
export function jsonSyntaxError(text: string, errors: readonly ParseError[]): { line: number; column: number; message: string } | undefined {
  const first = errors[0];
  if (!first) return undefined;
  return { ...positionAt(text, first.offset), message: describeParseError(printParseErrorCode(first.error)) };
}

function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'invalid symbol',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'property name expected',
    ValueExpected: 'value expected',
    ColonExpected: '":" expected',
    CommaExpected: '"," expected',
    CloseBraceExpected: '"}" expected',
    CloseBracketExpected: '"]" expected',
    EndOfFileExpected: 'end of file expected',
    InvalidCommentToken: 'comments are not allowed in this file',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character',
  };
  return words[code] ?? code;
}

/**
 * Line and column of the property key at a JSON path, for pointing diagnostics and SARIF at a server entry.
 * Called once per server: a config with 20 000 servers must not rescan the text or the object's keys each time,
 * so each tree gets an index (line starts, and a key → node map per object) built on first use.
 */
export function locate(text: string, tree: Node | undefined, path: Array<string | number>): { line: number; column: number } | undefined {
  if (!tree) return undefined;
  let index = indexes.get(tree);
  if (!index || index.text !== text) indexes.set(tree, (index = new TreeIndex(text)));
  const node = index.find(tree, path);
  if (!node) return undefined;
  const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return index.position((keyNode ?? node).offset);
}

const indexes = new WeakMap<Node, TreeIndex>();

class TreeIndex {
  private lineStarts: number[] | undefined;
  private readonly members = new WeakMap<Node, Map<string, Node>>();

  constructor(readonly text: string) {}

  /** The value node at `path` (what jsonc-parser's findNodeAtLocation does, with a map per object). */
  find(root: Node, path: Array<string | number>): Node | undefined {
    let node: Node | undefined = root;
    for (const segment of path) {
      if (!node) return undefined;
      if (typeof segment === 'string') {
        if (node.type !== 'object') return undefined;
        node = this.membersOf(node).get(segment);
      } else {
        if (node.type !== 'array' || segment < 0) return undefined;
        node = node.children?.[segment];
      }
    }
    return node;
  }

  position(offset: number): { line: number; column: number } {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }

  private membersOf(node: Node): Map<string, Node> {
    let map = this.members.get(node);
    if (!map) {
      map = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        // The first occurrence of a duplicate key, as findNodeAtLocation returns.
        if (key && value && typeof key.value === 'string' && !map.has(key.value)) map.set(key.value, value);
      }
      this.members.set(node, map);
    }
    return map;
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** RFC 6901 JSON Pointer from path segments. */
export function toPointer(path: Array<string | number>): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
