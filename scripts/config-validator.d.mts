/** TypeScript source of the precompiled validator of mcpns.config.json's JSON Schema 2020-12 (see config-validator.mjs). */
export function configValidatorSource(schema: unknown): string;
/** TypeScript source of the precompiled validator of the catalog document's JSON Schema 2020-12. */
export function catalogValidatorSource(schema: unknown): string;
