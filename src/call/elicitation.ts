/**
 * Form-mode elicitation (MCP 2025-11-25) as plain data: the requested schema turned into typed fields (SEP-1034
 * defaults, SEP-1330 untitled/titled/legacy enums and multi-select), typed text coerced to values, answers checked
 * against the schema (ajv), and the automatic answer a non-interactive run gives. Pure: no terminal, no SDK.
 */
import { McpnsError } from '../errors.js';
import { parseJsonValue } from './arguments.js';
import { validateArguments, type ArgumentViolation } from './validate.js';

/** A value an elicitation answer may hold (the spec's primitive types; multi-select is a string array). */
export type ElicitValue = string | number | boolean | string[];

export interface ElicitOption {
  value: string;
  /** The display title (titled enums, legacy enumNames); undefined for untitled enums. */
  title?: string;
}

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi-enum';

export interface ElicitField {
  name: string;
  kind: FieldKind;
  title?: string;
  description?: string;
  required: boolean;
  default?: ElicitValue;
  /** enum / multi-enum choices, in the server's order. */
  options?: ElicitOption[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  /** The name or title suggests a secret (password, token, key…): never echoed, registered for redaction. */
  sensitive: boolean;
  /** The property's schema as the server sent it (validation uses it). */
  schema: Record<string, unknown>;
}

export interface ElicitForm {
  fields: ElicitField[];
  /** The requested schema as sent (validation of the whole answer). */
  schema: Record<string, unknown>;
}

const SENSITIVE = /pass(word|phrase)?|secret|token|api[-_ ]?key|credential|private[-_ ]?key|\bpin\b|otp/i;

/** The fields of a requested schema, in the server's property order. */
export function describeForm(requestedSchema: Record<string, unknown>): ElicitForm {
  const properties = isRecord(requestedSchema['properties']) ? requestedSchema['properties'] : {};
  const required = new Set(Array.isArray(requestedSchema['required']) ? requestedSchema['required'].filter((name) => typeof name === 'string') : []);
  const fields = Object.entries(properties)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([name, schema]) => describeField(name, schema, required.has(name)));
  return { fields, schema: requestedSchema };
}

function describeField(name: string, schema: Record<string, unknown>, required: boolean): ElicitField {
  const title = typeof schema['title'] === 'string' ? schema['title'] : undefined;
  const field: ElicitField = { name, kind: 'string', required, sensitive: SENSITIVE.test(name) || (title !== undefined && SENSITIVE.test(title)), schema };
  if (title !== undefined) field.title = title;
  if (typeof schema['description'] === 'string') field.description = schema['description'];
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (typeof schema[key] === 'number') field[key] = schema[key];
  }
  if (typeof schema['format'] === 'string') field.format = schema['format'];
  const options = enumOptions(schema);
  if (schema['type'] === 'array') {
    field.kind = 'multi-enum';
    field.options = isRecord(schema['items']) ? (enumOptions(schema['items']) ?? []) : [];
  } else if (options) {
    field.kind = 'enum';
    field.options = options;
  } else if (schema['type'] === 'boolean' || schema['type'] === 'number' || schema['type'] === 'integer') {
    field.kind = schema['type'];
  }
  const fallback = schema['default'];
  if (fallback !== undefined && isElicitValue(fallback)) field.default = fallback;
  return field;
}

/** enum (with legacy enumNames as titles), oneOf/anyOf of {const, title}; undefined when not an enum. */
function enumOptions(schema: Record<string, unknown>): ElicitOption[] | undefined {
  if (Array.isArray(schema['enum'])) {
    const names = Array.isArray(schema['enumNames']) ? schema['enumNames'] : [];
    return schema['enum'].map((value, index) => {
      const title = names[index];
      return typeof title === 'string' ? { value: String(value), title } : { value: String(value) };
    });
  }
  const list = Array.isArray(schema['oneOf']) ? schema['oneOf'] : Array.isArray(schema['anyOf']) ? schema['anyOf'] : undefined;
  if (!list) return undefined;
  return list
    .filter(isRecord)
    .map((option) => (typeof option['title'] === 'string' ? { value: String(option['const']), title: option['title'] } : { value: String(option['const']) }));
}

/** The text form of a value, as a person would type it (options by value, booleans yes/no). */
export function showValue(field: ElicitField, value: ElicitValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((item) => optionLabel(field, item)).join(', ');
  if (field.kind === 'enum') return optionLabel(field, String(value));
  return String(value);
}

function optionLabel(field: ElicitField, value: string): string {
  const title = field.options?.find((option) => option.value === value)?.title;
  return title ? `${title} (${value})` : value;
}

export type Coerced = { ok: true; value: ElicitValue } | { ok: false; problem: string };

/**
 * What a person typed (or a script supplied) as the field's value: numbers parsed, yes/no for booleans, an option's
 * number, value or title for enums, a comma-separated list for multi-select. Then checked against the field's schema.
 */
export function coerceValue(field: ElicitField, input: unknown): Coerced {
  const parsed = parseInput(field, input);
  if (!parsed.ok) return parsed;
  const violations = validateField(field, parsed.value);
  return violations.length ? { ok: false, problem: violations.map((violation) => violation.message).join('; ') } : parsed;
}

function parseInput(field: ElicitField, input: unknown): Coerced {
  const text = typeof input === 'string' ? input.trim() : undefined;
  switch (field.kind) {
    case 'boolean':
      if (typeof input === 'boolean') return { ok: true, value: input };
      if (text !== undefined && /^(y|yes|true|1|on)$/i.test(text)) return { ok: true, value: true };
      if (text !== undefined && /^(n|no|false|0|off)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, problem: 'expected yes or no' };
    case 'number':
    case 'integer': {
      const value = typeof input === 'number' ? input : text !== undefined && text !== '' ? Number(text) : NaN;
      if (!Number.isFinite(value)) return { ok: false, problem: `expected ${field.kind === 'integer' ? 'an integer' : 'a number'}` };
      if (field.kind === 'integer' && !Number.isInteger(value)) return { ok: false, problem: 'expected an integer' };
      return { ok: true, value };
    }
    case 'enum': {
      const choice = pickOption(field, input);
      return choice === undefined ? { ok: false, problem: `expected one of ${listOptions(field)}` } : { ok: true, value: choice };
    }
    case 'multi-enum': {
      const items = Array.isArray(input) ? input : text !== undefined ? text.split(',').filter((item) => item.trim() !== '') : undefined;
      if (!items) return { ok: false, problem: `expected a list of ${listOptions(field)}` };
      const values: string[] = [];
      for (const item of items) {
        const choice = pickOption(field, item);
        if (choice === undefined) return { ok: false, problem: `"${String(item).trim()}" is not one of ${listOptions(field)}` };
        if (!values.includes(choice)) values.push(choice);
      }
      return { ok: true, value: values };
    }
    default:
      return typeof input === 'string'
        ? { ok: true, value: input }
        : typeof input === 'number'
          ? { ok: true, value: String(input) }
          : { ok: false, problem: 'expected text' };
  }
}

/** An option by its 1-based number, its value or its title (case-insensitive). */
function pickOption(field: ElicitField, input: unknown): string | undefined {
  const options = field.options ?? [];
  const text = String(input).trim();
  if (/^\d+$/.test(text) && typeof input === 'string') {
    const byNumber = options[Number(text) - 1];
    if (byNumber && !options.some((option) => option.value === text)) return byNumber.value;
  }
  const lower = text.toLowerCase();
  return (
    options.find((option) => option.value === text)?.value ??
    options.find((option) => option.value.toLowerCase() === lower || option.title?.toLowerCase() === lower)?.value
  );
}

function listOptions(field: ElicitField): string {
  return (field.options ?? []).map((option) => option.value).join(', ');
}

/** Violations of one field's own schema (min/max, length, format…). */
export function validateField(field: ElicitField, value: ElicitValue): ArgumentViolation[] {
  return checkSchema({ type: 'object', properties: { [field.name]: field.schema } }, { [field.name]: value });
}

/** Violations of the whole answer against the requested schema (required fields, every property). */
export function validateAnswer(form: ElicitForm, content: Record<string, ElicitValue>): ArgumentViolation[] {
  return checkSchema(form.schema, content);
}

function checkSchema(schema: Record<string, unknown>, value: Record<string, unknown>): ArgumentViolation[] {
  try {
    return validateArguments(schema, value, 'the elicitation').violations;
  } catch (error) {
    // The server's schema does not compile: the answer cannot be checked here; the server checks it.
    return [];
  }
}

/** The schema's defaults for every field that has one (what Enter accepts, what --yes sends). */
export function defaultContent(form: ElicitForm): Record<string, ElicitValue> {
  const content: Record<string, ElicitValue> = {};
  for (const field of form.fields) if (field.default !== undefined) content[field.name] = field.default;
  return content;
}

/** How a run that cannot ask anyone answers a form. */
export interface AutomaticPolicy {
  /** --yes: accept with the schema's defaults. */
  acceptDefaults: boolean;
  /** --answers: values supplied for this form (field name → value); implies accepting. */
  answers?: Record<string, unknown>;
}

export type AutomaticAnswer =
  | { action: 'accept'; content: Record<string, ElicitValue> }
  /** Nobody may accept for the user (neither --yes nor --answers). */
  | { action: 'decline'; reason: 'not-interactive' }
  /** Accepting was allowed but the answer is incomplete or invalid: nothing is sent in the user's name. */
  | { action: 'cancel'; reason: 'incomplete'; missing: string[]; problems: ArgumentViolation[] };

/**
 * The answer of a non-interactive run: with `--answers` or `--yes`, accept with the supplied values over the schema's
 * defaults, but only when every required field has a value and the whole answer is valid (otherwise cancel and say
 * what is missing); without either, decline.
 */
export function automaticAnswer(form: ElicitForm, policy: AutomaticPolicy): AutomaticAnswer {
  if (!policy.acceptDefaults && policy.answers === undefined) return { action: 'decline', reason: 'not-interactive' };
  const content = defaultContent(form);
  const problems: ArgumentViolation[] = [];
  for (const [name, supplied] of Object.entries(policy.answers ?? {})) {
    const field = form.fields.find((candidate) => candidate.name === name);
    if (!field) {
      problems.push({ path: name, keyword: 'additionalProperties', message: 'the form has no such field' });
      continue;
    }
    const coerced = coerceValue(field, supplied);
    if (coerced.ok) content[name] = coerced.value;
    else problems.push({ path: name, keyword: 'type', message: coerced.problem });
  }
  const missing = form.fields.filter((field) => field.required && content[field.name] === undefined).map((field) => field.name);
  if (!problems.length && !missing.length) problems.push(...validateAnswer(form, content));
  if (missing.length || problems.length) return { action: 'cancel', reason: 'incomplete', missing, problems };
  return { action: 'accept', content };
}

/** The content with sensitive fields replaced by "***" (for anything printed or recorded). */
export function maskContent(form: ElicitForm, content: Record<string, ElicitValue>): Record<string, ElicitValue> {
  const masked: Record<string, ElicitValue> = {};
  for (const [name, value] of Object.entries(content)) masked[name] = form.fields.find((field) => field.name === name)?.sensitive ? '***' : value;
  return masked;
}

/** Secret strings typed into sensitive fields (the console scrubs them from every later output). */
export function sensitiveValues(form: ElicitForm, content: Record<string, ElicitValue>): string[] {
  return form.fields
    .filter((field) => field.sensitive)
    .map((field) => content[field.name])
    .filter((value): value is string => typeof value === 'string' && value.length >= 4);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isElicitValue(value: unknown): value is ElicitValue {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

/** Answers a script supplies (`--answers`): one object (field → value) for every form, or a list of them, one per form in order. */
export type SuppliedAnswers = Record<string, unknown> | Array<Record<string, unknown>>;

/** `--answers` JSON text: an object, or an array of objects. */
export function parseAnswers(text: string, source = '--answers'): SuppliedAnswers {
  const value = parseJsonValue(text, source, {
    file: source.startsWith('--') ? undefined : source,
    hint: `answers are a JSON object of field values, e.g. --answers '{"name":"demo"}', or a list of them (one per form)`,
  });
  const isObject = (item: unknown): item is Record<string, unknown> => isRecord(item);
  if (isObject(value) || (Array.isArray(value) && value.every(isObject))) return value;
  throw new McpnsError('ARGS_INVALID', `${source}: answers must be a JSON object or an array of objects`, {
    hint: `e.g. --answers '{"name":"demo","replicas":2}'`,
  });
}
