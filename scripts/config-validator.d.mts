/** TypeScript source of the precompiled validator for a JSON Schema 2020-12 document (see config-validator.mjs). */
export function configValidatorSource(schema: unknown): string;
