/**
 * `JSON.stringify(value, null, 2)` in parts, for documents too large to hold as one string (a million-tool report:
 * one INDISTINCT_TOOLS finding alone can name a million tools). Arrays longer than a few entries are written an
 * element at a time, and so are the containers holding one; everything else is JSON.stringify's own text, indented where it
 * sits. The parts, joined, are exactly JSON.stringify's text (test/unit/foundation/json-parts.property.test.ts).
 */

/** Arrays up to this length, and objects holding none longer, are written by one JSON.stringify call. */
const SMALL_ARRAY = 64;
/** Plain elements of a walked array written by one JSON.stringify call (a million members: two thousand calls). */
const BATCH = 512;
/** About how much text one part holds (one write each). */
const PART_CHARS = 64 * 1024;

/** The parts of `JSON.stringify(value, null, 2)`: each about PART_CHARS long, none empty. */
export function* jsonParts(value: unknown): Generator<string, void, void> {
  let pending = '';
  for (const piece of pieces(value, '')) {
    pending += piece;
    if (pending.length >= PART_CHARS) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
}

/** Whether JSON.stringify leaves it out of an object (and writes null for it in an array). */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * A container this writer walks itself: plain data (no toJSON) that is a long array or holds one within a few levels
 * (a report holding a finding holding a million members).
 */
function walked(value: unknown, depth = 3): value is object {
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value) && value.length > SMALL_ARRAY) return true;
  if (depth === 0) return false;
  if (Array.isArray(value)) return value.some((element) => walked(element, depth - 1));
  return Object.keys(value).some((key) => walked((value as Record<string, unknown>)[key], depth - 1));
}

/** JSON.stringify's text for a value at nesting `indent` (undefined where it would be left out). */
const textAt = (value: unknown, indent: string): string | undefined => JSON.stringify(value, null, 2)?.replaceAll('\n', `\n${indent}`);

function* pieces(value: unknown, indent: string): Generator<string, void, void> {
  if (!walked(value)) {
    yield textAt(value, indent) ?? 'null';
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    yield '[';
    let batch = BATCH;
    for (let index = 0; index < value.length;) {
      if (walked(value[index])) {
        yield `${index ? ',' : ''}\n${inner}`;
        yield* pieces(value[index], inner);
        index++;
        continue;
      }
      // A run of plain elements in one JSON.stringify call: "[\n  a,\n  b\n]" is a and b at two spaces, so without its
      // brackets and with `indent` before each line it is the run at `inner`, as one element at a time would write it.
      let end = index + 1;
      while (end < value.length && end - index < batch && !walked(value[end])) end++;
      const text = JSON.stringify(value.slice(index, end), null, 2);
      // Large elements: smaller runs, so one part stays near PART_CHARS.
      if (text.length > 2 * PART_CHARS) batch = Math.max(1, batch >> 2);
      yield `${index ? ',' : ''}\n${indent}${text.slice(2, -2).replaceAll('\n', `\n${indent}`)}`;
      index = end;
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (omitted(child)) continue;
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    first = false;
    yield* pieces(child, inner);
  }
  yield first ? '{}' : `\n${indent}}`;
}
