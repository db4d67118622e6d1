/**
 * Canonical JSON: the same value always gives the same bytes, whatever order its keys were built in.
 * Hashes and lock files depend on it, so a snapshot is byte-identical across runs and machines.
 *
 * Everything here is iterative: the values are server data, and JSON.stringify (like any recursive walk) overflows
 * the stack a few thousand levels down, where JSON.parse does not.
 */

import { defineOwn } from './own.js';

/** Nesting up to which the engine's own (recursive, fast) JSON.stringify is used on the sorted copy. */
const NATIVE_DEPTH = 512;

/** Compact canonical form (sorted keys, no whitespace): the input of every hash. */
export function canonicalJson(value: unknown): string {
  return stringifyCanonical(value ?? null, 0);
}

/** Pretty canonical form for files people read and commit: 2-space indent, sorted keys, trailing newline. */
export function canonicalPretty(value: unknown): string {
  return `${stringifyCanonical(value ?? null, 2)}\n`;
}

function stringifyCanonical(value: unknown, space: number): string {
  const { copy, depth } = sortedCopy(value);
  return depth <= NATIVE_DEPTH ? JSON.stringify(copy, null, space) : stringifySorted(value, space);
}

/**
 * A deep copy with object keys in canonical order (`undefined` members dropped as JSON.stringify would) and the
 * deepest nesting seen, without recursion.
 */
function sortedCopy(value: unknown): { copy: unknown; depth: number } {
  const copy = (node: unknown): unknown => (Array.isArray(node) ? new Array<unknown>(node.length) : isObject(node) ? {} : node);
  const root = copy(value);
  let deepest = 0;
  const stack: Array<[unknown, unknown, number]> = [[value, root, 1]];
  while (stack.length) {
    const [source, target, depth] = stack.pop()!;
    if (Array.isArray(source)) {
      deepest = Math.max(deepest, depth);
      const out = target as unknown[];
      source.forEach((item, index) => {
        out[index] = item === undefined ? null : copy(item);
        if (item !== null && typeof item === 'object') stack.push([item, out[index], depth + 1]);
      });
    } else if (isObject(source)) {
      deepest = Math.max(deepest, depth);
      for (const key of canonicalKeys(source)) {
        const item = source[key];
        const made = copy(item);
        // defineProperty: a "__proto__" key stays an ordinary key.
        defineOwn(target as object, key, made);
        if (item !== null && typeof item === 'object') stack.push([item, made, depth + 1]);
      }
    }
  }
  return { copy: root, depth: deepest };
}

/**
 * The serialisable keys of an object in canonical order: the order JSON.stringify prints an object whose keys were
 * inserted sorted, i.e. integer-like keys ("0", "17") first in numeric order, then the others in code-unit order.
 * Lock files written by earlier versions keep their bytes.
 */
function canonicalKeys(node: Record<string, unknown>): string[] {
  const indices: string[] = [];
  const names: string[] = [];
  for (const key of Object.keys(node)) {
    if (!isSerializable(node[key])) continue;
    (isArrayIndex(key) ? indices : names).push(key);
  }
  indices.sort((a, b) => Number(a) - Number(b));
  names.sort(compareCodeUnits);
  return indices.concat(names);
}

/** "0", "1", … "4294967294": the keys engines order first (canonical array indices). */
function isArrayIndex(key: string): boolean {
  if (!/^(?:0|[1-9][0-9]{0,9})$/.test(key)) return false;
  return Number(key) < 4294967295;
}

interface Frame {
  entries: Array<[string | undefined, unknown]>;
  index: number;
  depth: number;
  close: string;
}

/**
 * JSON.stringify(value with its keys in canonical order, null, space) without recursion: the same bytes (a property test keeps them
 * in step), at any depth. Used past NATIVE_DEPTH.
 */
export function stringifySorted(value: unknown, space: number): string {
  const parts: string[] = [];
  const newline = (depth: number): string => (space ? `\n${' '.repeat(space * depth)}` : '');
  const colon = space ? ': ' : ':';
  const stack: Frame[] = [];
  const open = (node: unknown, depth: number): void => {
    if (!isObject(node) && !Array.isArray(node)) {
      parts.push(scalar(node));
      return;
    }
    const entries: Array<[string | undefined, unknown]> = Array.isArray(node)
      ? node.map((item): [undefined, unknown] => [undefined, item])
      : canonicalKeys(node).map((key): [string, unknown] => [key, node[key]]);
    const [start, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}'];
    if (!entries.length) parts.push(start + close);
    else {
      parts.push(start);
      stack.push({ entries, index: 0, depth: depth + 1, close });
    }
  };
  open(value, 0);
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index === frame.entries.length) {
      stack.pop();
      parts.push(newline(frame.depth - 1) + frame.close);
      continue;
    }
    const [key, item] = frame.entries[frame.index++]!;
    parts.push(`${frame.index > 1 ? ',' : ''}${newline(frame.depth)}${key === undefined ? '' : JSON.stringify(key) + colon}`);
    open(item, frame.depth);
  }
  return parts.join('');
}

function scalar(node: unknown): string {
  // undefined, functions and symbols only get here as array items or the root: JSON.stringify writes null there.
  if (!isSerializable(node)) return 'null';
  return JSON.stringify(node) ?? 'null';
}

const isSerializable = (node: unknown): boolean => node !== undefined && typeof node !== 'function' && typeof node !== 'symbol';

function isObject(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
