import { PLACEHOLDER, QUESTION_PLACEHOLDER, WHOLE_PLACEHOLDER } from '../config/route-definitions.js';
import { defineOwn } from '../util/own.js';
import { childSchema, coerceText } from './coerce.js';

export interface FillContext {
  /** Named groups that matched (a group that did not take part is absent). */
  hints: Record<string, string>;
  question: string;
  /** The tool's input schema (root, for $ref) — undefined when unknown: values stay text. */
  inputSchema?: unknown;
}

/**
 * Fill an argument template. A whole-placeholder value whose group did not take part (an optional group)
 * is left out, so optional arguments can be omitted by the question; inside text it becomes "".
 */
export function fillArguments(template: Record<string, unknown> | undefined, context: FillContext): Record<string, unknown> {
  const filled = fillValue(template ?? {}, context, context.inputSchema);
  return (filled.present ? filled.value : {}) as Record<string, unknown>;
}

function lookup(name: string, context: FillContext): string | undefined {
  if (Object.prototype.hasOwnProperty.call(context.hints, name)) return context.hints[name];
  return name === QUESTION_PLACEHOLDER ? context.question : undefined;
}

function fillValue(template: unknown, context: FillContext, schema: unknown): { present: boolean; value?: unknown } {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) {
      const raw = lookup(whole[1]!, context);
      if (raw === undefined) return { present: false };
      return { present: true, value: coerceText(raw, schema, context.inputSchema) };
    }
    return { present: true, value: template.replace(PLACEHOLDER, (_, name: string) => lookup(name, context) ?? '') };
  }
  if (Array.isArray(template)) {
    const items: unknown[] = [];
    template.forEach((item, index) => {
      const filled = fillValue(item, context, childSchema(schema, index, context.inputSchema));
      if (filled.present) items.push(filled.value);
    });
    return { present: true, value: items };
  }
  if (typeof template === 'object' && template !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const filled = fillValue(value, context, childSchema(schema, key, context.inputSchema));
      if (filled.present) defineOwn(result, key, filled.value);
    }
    return { present: true, value: result };
  }
  return { present: true, value: template };
}
