import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { ConfigError } from '../errors.js';

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
  const strictErrors: ParseError[] = [];
  const value = parse(text, strictErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  let hadComments = false;
  let errors = strictErrors;
  let result = value;
  if (strictErrors.length > 0 && options.allowComments) {
    const lenientErrors: ParseError[] = [];
    result = parse(text, lenientErrors, { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false });
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
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const strictProblem = hadComments ? jsonSyntaxError(text, strictErrors) : undefined;
  return { value: result, tree, hadComments, ...(strictProblem ? { strictProblem } : {}) };
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

/** Line and column of the property key at a JSON path, for pointing diagnostics and SARIF at a server entry. */
export function locate(text: string, tree: Node | undefined, path: Array<string | number>): { line: number; column: number } | undefined {
  if (!tree) return undefined;
  const node = findNodeAtLocation(tree, path);
  if (!node) return undefined;
  const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return positionAt(text, (keyNode ?? node).offset);
}

/** RFC 6901 JSON Pointer from path segments. */
export function toPointer(path: Array<string | number>): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
