/**
 * Edits of JSON and JSONC files that keep what the user wrote (comments, order, indentation, line ends): every change
 * goes through jsonc-parser's `modify` + `applyEdits`, so only the changed members are rewritten.
 */
import { applyEdits, modify, parse, type FormattingOptions, type JSONPath, type ParseError } from 'jsonc-parser';
import { installError } from './types.js';

/** A JSON(C) document being edited: its current text and how new members are formatted. */
export class JsonDoc {
  text: string;
  private readonly formatting: FormattingOptions;

  constructor(
    readonly file: string,
    text: string | undefined,
  ) {
    this.text = text ?? '{}\n';
    this.formatting = detectFormatting(this.text);
    const errors: ParseError[] = [];
    const value: unknown = parse(this.text, errors, { allowTrailingComma: true });
    if (errors.length || typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw installError(`${file} is not a JSON object mcpns can edit`, 'fix the file (or move it away) and run again');
    }
  }

  /** The parsed document (comments dropped). */
  get value(): Record<string, unknown> {
    return parse(this.text, [], { allowTrailingComma: true }) as Record<string, unknown>;
  }

  /** The value at `path`, or undefined. */
  get(path: JSONPath): unknown {
    let node: unknown = this.value;
    for (const key of path) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string | number, unknown>)[key];
    }
    return node;
  }

  /** Set (or, with undefined, remove) the member at `path`; a no-op when it already holds an equal value. */
  set(path: JSONPath, value: unknown): void {
    if (value !== undefined && sameJson(this.get(path), value)) return;
    if (value === undefined && this.get(path) === undefined) return;
    this.text = applyEdits(this.text, modify(this.text, path, value, { formattingOptions: this.formatting }));
  }

  /** Append the strings of `items` missing from the array at `path` (created when absent). */
  addToList(path: JSONPath, items: readonly string[]): void {
    const current = this.get(path);
    if (current !== undefined && !Array.isArray(current)) {
      throw installError(`${this.file}: ${path.join('.')} is not a list`, 'make it a list of names and run again');
    }
    const list = (current ?? []) as unknown[];
    const missing = items.filter((item) => !list.includes(item));
    if (!missing.length) return;
    if (current === undefined) return this.set(path, [...missing]);
    missing.forEach((item, index) => {
      this.text = applyEdits(
        this.text,
        modify(this.text, [...path, list.length + index], item, { formattingOptions: this.formatting, isArrayInsertion: true }),
      );
    });
  }
}

/** Indentation and line ends as the file already uses them (two spaces and \n for a new file). */
function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}

/** Structural equality of two JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, index) => sameJson(item, (b as unknown[])[index]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
