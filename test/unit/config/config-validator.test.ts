import fc from '../../helpers/fast-check.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configValidatorSource } from '../../../scripts/config-validator.mjs';
import { parseJsonText } from '../../../src/config/json-text.js';
import { checkOwnConfigWithZod } from '../../../src/config/own-config-zod.js';
import { isValidOwnConfig, parseValidOwnConfig } from '../../../src/config/quick-validate.js';
import { McpnsConfigSchema } from '../../../src/config/schema.js';

const shippedSchema = JSON.parse(readFileSync(new URL('../../../schema/mcpns.config.schema.json', import.meta.url), 'utf8'));

/** Values of every JSON kind (edge numbers included), so a field sometimes has the right type and sometimes not. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.constant(''),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 9007199254740991, 1e300),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const field = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 40, arbitrary: good }, { weight: 1, arbitrary: anyValue });
const text = fc.string({ maxLength: 4 });
/** Numbers JSON can hold (the validator checks parsed JSON: no Infinity or NaN, which zod rejects and JSON cannot write). */
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const strings = fc.array(field(text), { maxLength: 3 });
const stringMap = fc.dictionary(text, field(text), { maxKeys: 3 });
/** An object of a random subset of `entries` (the `required` ones present 29 times in 30), rarely an unknown key. */
const object = (entries: Record<string, fc.Arbitrary<unknown>>, required: string[] = []): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      fc.record(entries, { requiredKeys: [] }),
      fc.record(Object.fromEntries(required.map((key) => [key, entries[key]!]))),
      fc.noBias(fc.integer({ min: 0, max: 29 })),
    )
    .map(([value, requiredValues, dice]) => {
      const result: Record<string, unknown> = dice === 0 ? value : { ...value, ...requiredValues };
      if (dice === 1) result['unknown'] = 1;
      return result;
    });

const common = { enabled: field(fc.boolean()), timeoutMs: field(fc.integer({ min: 1, max: 60_000 })), description: field(text) };
const stdio = object(
  {
    type: field(fc.constant('stdio')),
    command: field(fc.string({ minLength: 1, maxLength: 4 })),
    args: field(strings),
    env: field(stringMap),
    cwd: field(text),
    ...common,
  },
  ['command'],
);
const remote = object(
  { type: field(fc.constantFrom('http', 'sse')), url: field(fc.string({ minLength: 1, maxLength: 4 })), headers: field(stringMap), ...common },
  ['type', 'url'],
);
const configs = object({
  $schema: field(text),
  include: field(strings),
  servers: field(fc.dictionary(text, fc.oneof(stdio, remote), { maxKeys: 3 })),
  naming: field(object({ style: field(text), targets: field(strings) })),
  namespaces: field(
    fc.dictionary(
      text,
      object(
        {
          servers: field(strings),
          prefix: field(text),
          case: field(fc.constantFrom('snake', 'camel', 'any', 'shout')),
          priority: field(finiteDouble),
          enabled: field(fc.boolean()),
        },
        ['servers'],
      ),
      { maxKeys: 2 },
    ),
  ),
  profiles: field(
    fc.dictionary(
      text,
      object({
        description: field(text),
        servers: field(object({ enable: field(strings), disable: field(strings) })),
        priorities: field(fc.dictionary(text, field(fc.integer()))),
      }),
      { maxKeys: 2 },
    ),
  ),
  participant: field(
    object(
      {
        id: field(fc.string({ minLength: 1, maxLength: 3 })),
        capabilities: field(fc.array(object({ kind: field(text), payload: anyValue }, ['kind']), { maxLength: 2 })),
      },
      ['id', 'capabilities'],
    ),
  ),
  rules: field(fc.dictionary(text, field(fc.constantFrom('error', 'warn', 'warning', 'info', 'off', 'loud')), { maxKeys: 2 })),
  ignore: field(
    fc.array(object({ code: field(text), reason: field(fc.string({ minLength: 1, maxLength: 3 })), server: field(text) }, ['code', 'reason']), {
      maxLength: 2,
    }),
  ),
  routes: field(
    fc.array(
      object(
        {
          name: field(fc.string({ minLength: 1, maxLength: 3 })),
          pattern: field(text),
          keywords: field(strings),
          tool: field(text),
          calls: field(
            fc.array(object({ tool: field(fc.string({ minLength: 1, maxLength: 3 })), arguments: field(fc.constant({ a: 1 })) }, ['tool']), { maxLength: 2 }),
          ),
        },
        ['name'],
      ),
      { maxLength: 2 },
    ),
  ),
});

/**
 * The same document with its keys in another order (every third object reversed) and, in some documents, own
 * "__proto__" keys (as JSON.parse makes them): zod puts declared keys in declaration order and never copies "__proto__".
 */
function scrambled(value: unknown, seed: number, withProto = seed % 2 === 0): unknown {
  if (Array.isArray(value)) return value.map((item, index) => scrambled(item, seed * 7 + index, withProto));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item], index) => [key, scrambled(item, seed * 31 + index + 1, withProto)] as const);
  if (seed % 3 === 0) entries.reverse();
  if (withProto && seed % 13 === 1) entries.splice(seed % (entries.length + 1), 0, ['__proto__', seed % 2 ? 'text' : { kind: 'x' }]);
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries) Object.defineProperty(result, key, { value: item, enumerable: true, writable: true, configurable: true });
  return result;
}

describe('precompiled config validator', () => {
  it('is generated from the shipped JSON Schema (npm run schema keeps them in step)', () => {
    const shipped = readFileSync(new URL('../../../src/config/validate-config.generated.ts', import.meta.url), 'utf8');
    expect(shipped).toBe(configValidatorSource(shippedSchema));
  });

  it('accepts exactly what the zod schema accepts', () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(configs, (config) => {
        const zod = McpnsConfigSchema.safeParse(config).success;
        expect(isValidOwnConfig(config)).toBe(zod);
        if (zod) valid++;
        else invalid++;
      }),
      { numRuns: 3000 },
    );
    expect(valid).toBeGreaterThan(200);
    expect(invalid).toBeGreaterThan(200);
  });

  it('shapes every config it accepts exactly as zod parses it (keys, their order, "__proto__" dropped), without zod', () => {
    let compared = 0;
    let withProto = 0;
    fc.assert(
      fc.property(configs, fc.nat(), (config, seed) => {
        const text = JSON.stringify(scrambled(config, seed));
        const { value, tree } = parseJsonText(text, 'mcpns.config.json', { allowComments: false });
        const fast = parseValidOwnConfig(value);
        if (fast === undefined) return;
        const viaZod = checkOwnConfigWithZod(value, text, tree, 'mcpns.config.json');
        expect(JSON.stringify(fast)).toBe(JSON.stringify(viaZod));
        expect(fast).toStrictEqual(viaZod);
        compared++;
        if (text.includes('"__proto__"')) withProto++;
      }),
      { numRuns: 3000 },
    );
    expect(compared).toBeGreaterThan(200);
    // How many generated configs carry "__proto__" varies with fast-check's seed (exactly 10 of 3000 in one run):
    // the guard is that the case is exercised at all, not how often.
    expect(withProto).toBeGreaterThan(3);
  });

  it('accepts the configs this repository ships', () => {
    const config = JSON.parse(readFileSync(new URL('../../../mcpns.config.json', import.meta.url), 'utf8'));
    expect(isValidOwnConfig(config)).toBe(true);
    expect(McpnsConfigSchema.safeParse(config).success).toBe(true);
  });
});
