import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc, { PROPERTY_SEED } from '../helpers/fast-check.js';

const TEST_ROOT = join(import.meta.dirname, '..');
const HELPER = join('helpers', 'fast-check.ts');

describe('property tests draw from one fixed seed', () => {
  it('every test imports fast-check through test/helpers/fast-check.ts', () => {
    const direct = (readdirSync(TEST_ROOT, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && file !== HELPER)
      .filter((file) => /from ['"]fast-check['"]/.test(readFileSync(join(TEST_ROOT, file), 'utf8')));
    expect(direct).toEqual([]);
  });

  it.runIf(process.env.FC_SEED === undefined)('npm test runs with the fixed seed, so a red run reproduces', () => {
    expect(fc.readConfigureGlobal().seed).toBe(PROPERTY_SEED);
    const draw = (): number[] => fc.sample(fc.integer(), 3);
    expect(draw()).toEqual(draw());
  });
});
