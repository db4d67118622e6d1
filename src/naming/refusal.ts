import type { NameParts } from './build.js';
import type { Refusal } from './types.js';

/** Name parts for a tool whose server or name the product refuses: the name it would have had, dropped, with the rule. */
export function refusedName(name: string, refusal: Refusal): NameParts {
  return { name, dropped: `refused by the product: ${refusal.rule}`, refused: refusal };
}

/** The first refusal of a list of (rule broken?, refusal) checks, or undefined when every rule holds. */
export function firstRefusal(checks: readonly (readonly [boolean, Refusal])[]): Refusal | undefined {
  return checks.find(([broken]) => broken)?.[1];
}
