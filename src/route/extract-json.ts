/**
 * Models often wrap a plan in prose or a ```json code fence although told not to. Bamboo's planner
 * "extracts the first JSON object from the model output" before validating it; this is the same step,
 * done with a balanced-brace scan that respects strings instead of trying every suffix.
 */
export interface ExtractedJson {
  value: unknown;
  /** Character offsets of the JSON text inside the input. */
  start: number;
  end: number;
  /** True when the JSON sat inside a Markdown code fence. */
  fenced: boolean;
  /** True when anything other than whitespace surrounded the JSON (so the caller can say so). */
  wrapped: boolean;
}

/**
 * Parse `text` as JSON; when that fails, extract the first JSON object (or array of objects) embedded in it.
 * A candidate must parse and be an object, or a non-empty array whose items are all objects, so a stray
 * "[1]" or "{see below}" in the prose is skipped. Undefined when no such JSON is present.
 */
export function extractFirstJson(text: string): ExtractedJson | undefined {
  const trimmed = text.trim();
  if (trimmed) {
    try {
      const value: unknown = JSON.parse(trimmed);
      const start = text.indexOf(trimmed);
      return { value, start, end: start + trimmed.length, fenced: false, wrapped: false };
    } catch {
      // fall through to the scan
    }
  }
  // Each candidate scans forward from its bracket, so hostile text ("{{{{…") would cost quadratic time: the
  // scans share a budget linear in the text, and the search gives up (undefined) when it runs out.
  const budget = { steps: 64 * text.length + 100_000 };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== '{' && char !== '[') continue;
    const end = matchingClose(text, index, budget);
    if (budget.steps <= 0) return undefined;
    if (end === undefined) continue;
    const candidate = text.slice(index, end + 1);
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (!isPlanLike(value)) continue;
    return { value, start: index, end: end + 1, fenced: insideFence(text, index), wrapped: true };
  }
  return undefined;
}

function isPlanLike(value: unknown): boolean {
  if (isObject(value)) return true;
  return Array.isArray(value) && value.length > 0 && value.every(isObject);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Offset of the bracket closing the one at `open`, skipping string contents; undefined when unbalanced or out of budget. */
function matchingClose(text: string, open: number, budget: { steps: number }): number | undefined {
  const stack: string[] = [];
  let inString = false;
  for (let index = open; index < text.length; index++) {
    if (--budget.steps <= 0) return undefined;
    const char = text[index]!;
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return undefined;
      if (stack.length === 0) return index;
    }
  }
  return undefined;
}

/** True when an odd number of ``` fences precede the offset (i.e. it sits inside a fenced block). */
function insideFence(text: string, offset: number): boolean {
  const before = text.slice(0, offset);
  const fences = before.match(/^\s*```/gm);
  return (fences?.length ?? 0) % 2 === 1;
}
