/**
 * The zod-free fast path of the catalog reader, for catalogs of a million tools: zod copies every object it checks
 * (about a third of the read time and twice the memory at that size). The decision is the precompiled validator
 * generated from the zod schema (src/catalog/schema.ts → JSON Schema → ajv standalone code, `npm run schema`), so it
 * accepts exactly what zod accepts with no second list of fields; the data is zod's output — the same keys in the same
 * order (zod puts a loose object's declared keys first, then the rest) — reusing the parsed objects instead of copying
 * them. On anything else (a rejected document, a "__proto__" key zod would drop) it returns undefined and zod decides
 * and words the error. test/unit/catalog/fast-read.property.test.ts compares the two.
 */

import type { CatalogFile } from './types.js';
import { drain, type Steps } from '../util/steps.js';
import validate, { shape as CATALOG_SHAPE, type CatalogShape as Shape } from './validate-catalog.generated.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The catalog document as `CatalogFileSchema` would return it, or undefined when the fast path cannot vouch for it.
 * Objects whose keys are already in schema order are returned as they are; others are reordered shallow copies.
 */
export function fastCatalogFile(value: unknown): CatalogFile | undefined {
  return drain(fastCatalogFileSteps(value));
}

/** How many tools are shaped between two breaks of a paced read. */
const TOOLS_PER_SLICE = 8192;

/** `fastCatalogFile` in slices: the tools array (a million entries) is shaped a slice at a time. */
export function* fastCatalogFileSteps(value: unknown): Steps<CatalogFile | undefined> {
  if ((validate as (data: unknown) => boolean)(value) !== true) return undefined;
  const toolsShape = CATALOG_SHAPE.keys?.['tools'];
  const document = value as { tools: unknown[] };
  if (toolsShape?.type !== 'array' || !toolsShape.items || !isObject(value) || !Array.isArray(document.tools) || Object.hasOwn(value, '__proto__'))
    return shaped(CATALOG_SHAPE, value) as CatalogFile | undefined;
  // Each tool in place (as the whole-document walk does), then the rest of the document around the same array.
  const tools = document.tools;
  for (let index = 0; index < tools.length; index++) {
    if (index % TOOLS_PER_SLICE === TOOLS_PER_SLICE - 1) yield;
    const tool = shaped(toolsShape.items, tools[index]);
    if (tool === undefined) return undefined;
    tools[index] = tool;
  }
  document.tools = [];
  const rest = shaped(CATALOG_SHAPE, value) as { tools: unknown[] } | undefined;
  document.tools = tools;
  if (rest) rest.tools = tools;
  return rest as CatalogFile | undefined;
}

/** A valid value as zod parses it (the same object when nothing changes), or undefined when zod must decide. */
function shaped(shape: Shape, value: unknown): unknown {
  if (shape.anyOf) return undefined; // the catalog schema has no unions; a new one is zod's to shape
  if (shape.type === 'array') {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index++) {
      const item = shaped(shape.items ?? {}, items[index]);
      if (item === undefined) return undefined;
      items[index] = item;
    }
    return items;
  }
  if (shape.type !== 'object' || !isObject(value)) return value;
  // zod never copies a "__proto__" key (JSON.parse makes it an own property): let zod give its answer.
  if (Object.hasOwn(value, '__proto__')) return undefined;
  if (!shape.keys) return value; // a record: zod copies its keys in their order, values unknown (as they are)
  const keys = shape.keys;
  const inOrder = inShapeOrder(value, keys);
  const children: Array<[string, unknown]> = [];
  for (const key in keys) {
    if (!Object.hasOwn(value, key)) continue;
    const child = shaped(keys[key]!, value[key]);
    if (child === undefined) return undefined;
    if (child !== value[key]) children.push([key, child]);
  }
  if (inOrder) {
    for (const [key, child] of children) value[key] = child;
    return value;
  }
  const copy: Json = {};
  for (const key in keys) if (Object.hasOwn(value, key)) copy[key] = value[key];
  for (const [key, child] of children) copy[key] = child;
  for (const key in value) if (Object.hasOwn(value, key) && !Object.hasOwn(keys, key)) copy[key] = value[key];
  return copy;
}

const declaredKeys = new WeakMap<Record<string, Shape>, string[]>();

/** Whether the declared keys that are present come first, in declaration order (then any undeclared ones). */
function inShapeOrder(value: Json, keys: Record<string, Shape>): boolean {
  let declared = declaredKeys.get(keys);
  if (!declared) declaredKeys.set(keys, (declared = Object.keys(keys)));
  let next = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // Skip declared keys that are absent; the next present key must be the next declared one, or an undeclared one
    // after every declared key that is present.
    while (next < declared.length && !Object.hasOwn(value, declared[next]!)) next++;
    if (next < declared.length) {
      if (declared[next] !== key) return false;
      next++;
    } else if (Object.hasOwn(keys, key)) return false;
  }
  return true;
}
