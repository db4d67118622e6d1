import { canonicalJson } from '../util/canonical-json.js';

/**
 * Semantic JSON Schema comparison for drift. Each change says which way it moves the set of
 * accepted values: `narrows` breaks callers of an input schema, `widens` breaks readers of an
 * output schema, `breaks` is incompatible either way, `neutral` is compatible either way.
 */
export type SchemaEffect = 'narrows' | 'widens' | 'breaks' | 'neutral';

export interface SchemaChange {
  /** Where in the schema: property path (`a.b`, `a[]` for items, `a{*}` for additionalProperties), '' for the root. */
  path: string;
  /** Short human wording (stable: tests assert it). */
  change: string;
  effect: SchemaEffect;
}

/** A description inside the schema that changed (a parameter description can carry instructions too). */
export interface SchemaDescriptionChange {
  path: string;
  before?: string;
  after?: string;
}

export interface SchemaComparison {
  changes: SchemaChange[];
  descriptions: SchemaDescriptionChange[];
}

/** Whether a change breaks clients, for an input schema (what callers send) or an output schema (what they read). */
export function isBreaking(change: SchemaChange, direction: 'input' | 'output'): boolean {
  if (change.effect === 'breaks') return true;
  return direction === 'input' ? change.effect === 'narrows' : change.effect === 'widens';
}

type Schema = Record<string, unknown>;

/** Keywords that document rather than constrain; changes are compatible. */
const DOC_KEYWORDS = new Set(['title', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id']);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
const RESTRICTIONS = ['pattern', 'format', 'multipleOf', 'uniqueItems', 'contentMediaType', 'contentEncoding'] as const;
/** Keywords handled structurally below. */
const STRUCTURAL = new Set(['type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'description']);

/** Compare two schemas (old → new). Pure; never throws on odd schemas. */
export function compareSchemas(before: unknown, after: unknown): SchemaComparison {
  const result: SchemaComparison = { changes: [], descriptions: [] };
  compareNode(before, after, '', result);
  return result;
}

function compareNode(before: unknown, after: unknown, path: string, out: SchemaComparison): void {
  if (canonicalJson(before) === canonicalJson(after)) return;
  const add = (change: string, effect: SchemaEffect): void => void out.changes.push({ path, change, effect });
  if (!isSchemaObject(before) || !isSchemaObject(after)) {
    if (before === true || before === undefined) add('schema restricted', 'narrows');
    else if (after === true || after === undefined) add('schema relaxed', 'widens');
    else add('schema replaced', 'breaks');
    return;
  }

  if (before['description'] !== after['description']) {
    out.descriptions.push({ path, ...optionalText('before', before['description']), ...optionalText('after', after['description']) });
  }
  compareTypes(before, after, add);
  compareEnums(before, after, add);
  compareProperties(before, after, path, out);
  compareAdditional(before, after, path, out, add);
  if (isSchemaObject(before['items']) && isSchemaObject(after['items'])) compareNode(before['items'], after['items'], `${path}[]`, out);
  else if (changed(before, after, 'items')) keywordChange('items', before, after, add);

  for (const key of LOWER_BOUNDS) compareBound(key, before[key], after[key], 'lower', add);
  for (const key of UPPER_BOUNDS) compareBound(key, before[key], after[key], 'upper', add);
  for (const key of RESTRICTIONS) if (changed(before, after, key)) keywordChange(key, before, after, add);

  const handled = new Set<string>([...STRUCTURAL, ...LOWER_BOUNDS, ...UPPER_BOUNDS, ...RESTRICTIONS]);
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !handled.has(key)).sort();
  for (const key of others) {
    if (!changed(before, after, key)) continue;
    if (DOC_KEYWORDS.has(key) || key.startsWith('x-')) add(`${key} changed`, 'neutral');
    else add(`${key} changed (not classified; treated as breaking)`, 'breaks');
  }
}

function compareTypes(before: Schema, after: Schema, add: (change: string, effect: SchemaEffect) => void): void {
  const oldTypes = typeList(before['type']);
  const newTypes = typeList(after['type']);
  if (!oldTypes && !newTypes) return;
  if (!oldTypes) return add(`type restricted to ${formatTypes(newTypes)}`, 'narrows');
  if (!newTypes) return add(`type ${formatTypes(oldTypes)} no longer restricted`, 'widens');
  const lost = oldTypes.filter((type) => !covers(newTypes, type));
  const gained = newTypes.filter((type) => !covers(oldTypes, type));
  // number → integer loses values without either list "losing" a name: compare coverage both ways.
  const narrowed = lost.length > 0 || (oldTypes.includes('number') && !covers(newTypes, 'number'));
  const widened = gained.length > 0 || (newTypes.includes('number') && !covers(oldTypes, 'number'));
  const what = `${formatTypes(oldTypes)} → ${formatTypes(newTypes)}`;
  if (narrowed && widened) add(`type changed ${what}`, 'breaks');
  else if (narrowed) add(`type narrowed ${what}`, 'narrows');
  else if (widened) add(`type widened ${what}`, 'widens');
}

function compareEnums(before: Schema, after: Schema, add: (change: string, effect: SchemaEffect) => void): void {
  const oldValues = enumValues(before);
  const newValues = enumValues(after);
  if (!oldValues && !newValues) return;
  if (!oldValues) return add(`values restricted to ${formatValues([...newValues!.values()])}`, 'narrows');
  if (!newValues) return add('value restriction (enum) removed', 'widens');
  const lost = [...oldValues.keys()].filter((key) => !newValues.has(key)).map((key) => oldValues.get(key));
  const gained = [...newValues.keys()].filter((key) => !oldValues.has(key)).map((key) => newValues.get(key));
  if (lost.length) add(`enum shrunk: ${formatValues(lost)} removed`, 'narrows');
  if (gained.length) add(`enum widened: ${formatValues(gained)} added`, 'widens');
}

function compareProperties(before: Schema, after: Schema, path: string, out: SchemaComparison): void {
  const oldProps = asSchemaMap(before['properties']);
  const newProps = asSchemaMap(after['properties']);
  const oldRequired = new Set(stringList(before['required']));
  const newRequired = new Set(stringList(after['required']));
  const names = [...new Set([...Object.keys(oldProps), ...Object.keys(newProps)])].sort();
  for (const name of names) {
    const childPath = path ? `${path}.${name}` : name;
    const child = (change: string, effect: SchemaEffect): void => void out.changes.push({ path: childPath, change, effect });
    const inOld = Object.prototype.hasOwnProperty.call(oldProps, name);
    const inNew = Object.prototype.hasOwnProperty.call(newProps, name);
    if (inOld && !inNew) child(oldRequired.has(name) ? 'required property removed' : 'property removed', 'breaks');
    else if (!inOld && inNew) {
      if (newRequired.has(name)) child('required property added', 'narrows');
      else child('optional property added', 'neutral');
    } else compareNode(oldProps[name], newProps[name], childPath, out);
  }
  for (const name of [...newRequired].sort()) {
    if (oldRequired.has(name)) continue;
    const isNewProperty = !Object.prototype.hasOwnProperty.call(oldProps, name) && Object.prototype.hasOwnProperty.call(newProps, name);
    if (!isNewProperty) out.changes.push({ path: path ? `${path}.${name}` : name, change: 'became required', effect: 'narrows' });
  }
  for (const name of [...oldRequired].sort()) {
    if (newRequired.has(name) || !Object.prototype.hasOwnProperty.call(newProps, name)) continue;
    out.changes.push({ path: path ? `${path}.${name}` : name, change: 'no longer required', effect: 'widens' });
  }
}

function compareAdditional(before: Schema, after: Schema, path: string, out: SchemaComparison, add: (change: string, effect: SchemaEffect) => void): void {
  const oldValue = before['additionalProperties'];
  const newValue = after['additionalProperties'];
  if (canonicalJson(oldValue) === canonicalJson(newValue)) return;
  const isOpen = (value: unknown): boolean => value === undefined || value === true;
  if (newValue === false && oldValue !== false) add('additionalProperties closed', 'narrows');
  else if (oldValue === false && isOpen(newValue)) add('additionalProperties opened', 'widens');
  else if (isSchemaObject(oldValue) && isSchemaObject(newValue)) compareNode(oldValue, newValue, `${path}{*}`, out);
  else if (isOpen(oldValue)) add('additionalProperties restricted', 'narrows');
  else if (isOpen(newValue)) add('additionalProperties relaxed', 'widens');
  else add('additionalProperties changed', 'breaks');
}

function compareBound(key: string, oldValue: unknown, newValue: unknown, kind: 'lower' | 'upper', add: (change: string, effect: SchemaEffect) => void): void {
  if (canonicalJson(oldValue) === canonicalJson(newValue)) return;
  if (typeof oldValue === 'number' && typeof newValue === 'number') {
    const tighter = kind === 'lower' ? newValue > oldValue : newValue < oldValue;
    return add(`${key} ${oldValue} → ${newValue}`, tighter ? 'narrows' : 'widens');
  }
  if (oldValue === undefined) return add(`${key} ${JSON.stringify(newValue)} added`, 'narrows');
  if (newValue === undefined) return add(`${key} removed`, 'widens');
  add(`${key} changed`, 'breaks');
}

function keywordChange(key: string, before: Schema, after: Schema, add: (change: string, effect: SchemaEffect) => void): void {
  if (before[key] === undefined) add(`${key} added`, 'narrows');
  else if (after[key] === undefined) add(`${key} removed`, 'widens');
  else add(`${key} changed`, 'breaks');
}

function changed(before: Schema, after: Schema, key: string): boolean {
  return canonicalJson(before[key]) !== canonicalJson(after[key]);
}

function isSchemaObject(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asSchemaMap(value: unknown): Record<string, Schema> {
  return isSchemaObject(value) ? (value as Record<string, Schema>) : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function typeList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return [...new Set(value.filter((item): item is string => typeof item === 'string'))].sort();
  return undefined;
}

/** JSON Schema: `number` accepts every `integer`. */
function covers(types: string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function formatTypes(types: string[] | undefined): string {
  if (!types) return 'any';
  return types.length === 1 ? types[0]! : `[${types.join(', ')}]`;
}

/** enum/const values keyed by canonical JSON (so 1 and "1" stay distinct). */
function enumValues(schema: Schema): Map<string, unknown> | undefined {
  const values = Array.isArray(schema['enum']) ? schema['enum'] : 'const' in schema ? [schema['const']] : undefined;
  if (!values) return undefined;
  return new Map(values.map((value) => [canonicalJson(value), value]));
}

function formatValues(values: unknown[]): string {
  const shown = values
    .slice(0, 5)
    .map((value) => JSON.stringify(value))
    .join(', ');
  return values.length > 5 ? `${shown} and ${values.length - 5} more` : shown;
}

function optionalText(key: 'before' | 'after', value: unknown): Partial<Record<'before' | 'after', string>> {
  return typeof value === 'string' ? { [key]: value } : {};
}
