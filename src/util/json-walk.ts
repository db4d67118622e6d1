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
  walk(value, visit, { nodes: [], keys: [], depths: [] });
}

/**
 * Three parallel stacks instead of a tuple per node: the walk runs over every tool of a million-tool catalog, and a
 * [node, key, depth] array (plus its destructuring iterator) per node was the largest allocation of `check`.
 */
interface Stacks {
  nodes: unknown[];
  keys: Array<string | undefined>;
  depths: number[];
}

function walk(value: unknown, visit: (node: unknown, key: string | undefined, depth: number) => boolean | void, { nodes, keys, depths }: Stacks): void {
  // A stack pointer instead of push/pop: popping lets V8 shrink the arrays, and the next walk would grow them again.
  let top = 0;
  const push = (node: unknown, key: string | undefined, depth: number): void => {
    nodes[top] = node;
    keys[top] = key;
    depths[top] = depth;
    top++;
  };
  push(value, undefined, 0);
  while (top > 0) {
    top--;
    const node = nodes[top];
    const key = keys[top];
    const depth = depths[top]!;
    nodes[top] = undefined; // the walked value is not kept alive by the reused stacks
    if (visit(node, key, depth) === false) break;
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) push(node[index], undefined, depth + 1);
    } else if (node !== null && typeof node === 'object') {
      // Own keys in order (for…in reads V8's enum cache; Object.keys made an array per object), pushed as they come,
      // then that stretch of the stacks reversed so the first key is walked first.
      const from = top;
      for (const name in node) {
        if (!Object.hasOwn(node, name)) continue;
        // node["__proto__"] would read the prototype, not the own key JSON.parse made.
        push(name === '__proto__' ? Object.getOwnPropertyDescriptor(node, name)?.value : (node as Record<string, unknown>)[name], name, depth + 1);
      }
      for (let low = from, high = top - 1; low < high; low++, high--) {
        const lowNode = nodes[low];
        nodes[low] = nodes[high];
        nodes[high] = lowNode;
        const lowKey = keys[low];
        keys[low] = keys[high];
        keys[high] = lowKey;
      }
    }
  }
  // A stopped walk leaves entries: cleared, so the reused stacks hold nothing of it.
  for (let index = 0; index < top; index++) nodes[index] = undefined;
}

/** The stacks of exceedsJsonLimits, reused from call to call (it runs once per tool read); undefined while in use. */
let limitStacks: Stacks | undefined = { nodes: [], keys: [], depths: [] };

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
  const stacks = limitStacks ?? { nodes: [], keys: [], depths: [] };
  limitStacks = undefined;
  walk(
    value,
    (node, key, depth) => {
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
    },
    stacks,
  );
  limitStacks = stacks;
  return problem;
}

function jsonSize(node: unknown): number {
  if (typeof node === 'string') return node.length + 2;
  if (typeof node === 'boolean') return node ? 4 : 5;
  if (typeof node === 'number') return Number.isInteger(node) && node >= 0 && node < 1e9 ? digits(node) : String(node).length;
  return 2; // null, {} and [] (members are counted on their own)
}

/** The number of decimal digits of a non-negative integer below 10⁹ (no string made for it). */
function digits(value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
  return count;
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
