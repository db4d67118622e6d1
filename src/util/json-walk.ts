/**
 * Iterative walks over JSON-like values. Everything a server sends can be nested arbitrarily deep (JSON.parse
 * accepts a million levels; JSON.stringify, structuredClone and every recursive walker overflow the stack a few
 * thousand levels down), so code that visits server data uses these instead of recursion.
 */

/**
 * Visit every node of a JSON-like value depth-first (strings, numbers… and containers), with the object key it sits
 * under (undefined for the root and array items) and its depth (root = 0). Return false from `visit` to stop.
 */
export function forEachNode(value: unknown, visit: (node: unknown, key: string | undefined, depth: number) => boolean | void): void {
  // Three parallel stacks instead of a tuple per node: the walk runs over every tool of a million-tool catalog, and a
  // [node, key, depth] array (plus its destructuring iterator) per node was the largest allocation of `check`.
  const nodes: unknown[] = [value];
  const keys: Array<string | undefined> = [undefined];
  const depths: number[] = [0];
  while (nodes.length) {
    const node = nodes.pop();
    const key = keys.pop();
    const depth = depths.pop()!;
    if (visit(node, key, depth) === false) return;
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) {
        nodes.push(node[index]);
        keys.push(undefined);
        depths.push(depth + 1);
      }
    } else if (node !== null && typeof node === 'object') {
      const names = Object.keys(node);
      for (let index = names.length - 1; index >= 0; index--) {
        const name = names[index]!;
        // node["__proto__"] would read the prototype, not the own key JSON.parse made.
        nodes.push(name === '__proto__' ? Object.getOwnPropertyDescriptor(node, name)?.value : (node as Record<string, unknown>)[name]);
        keys.push(name);
        depths.push(depth + 1);
      }
    }
  }
}

export interface JsonLimits {
  /** Deepest nesting of objects and arrays allowed (the value itself is level 1 when it is a container). */
  maxDepth: number;
  /** Largest size allowed, measured as the length of the value's compact JSON text (approximately its bytes). */
  maxBytes: number;
}

/** Why a value breaks the limits ("nested more than 256 levels deep", "larger than 8 MiB"), or undefined. */
export function exceedsJsonLimits(value: unknown, limits: JsonLimits): string | undefined {
  let size = 0;
  let problem: string | undefined;
  forEachNode(value, (node, key, depth) => {
    if (node !== null && typeof node === 'object' && depth + 1 > limits.maxDepth) {
      problem = `nested more than ${limits.maxDepth} levels deep`;
      return false;
    }
    size += jsonSize(node) + (key === undefined ? 1 : key.length + 4);
    if (size > limits.maxBytes) {
      problem = `larger than ${formatBytes(limits.maxBytes)}`;
      return false;
    }
    return true;
  });
  return problem;
}

function jsonSize(node: unknown): number {
  if (typeof node === 'string') return node.length + 2;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node).length;
  return 2; // null, {} and [] (members are counted on their own)
}

/** 67108864 → "64 MiB", 1536 → "1.5 KiB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
