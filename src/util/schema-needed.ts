/**
 * Thrown by a zod-free reader (config, catalog) when its fast path cannot decide: the caller loads zod's schema and
 * reads again with it. The CLI does so (src/cli/services/schemas.ts), so zod is loaded only for such input; the
 * library's loadConfig / parseCatalogText pass zod from the start and never throw it.
 */
export class SchemaNeeded extends Error {
  constructor() {
    super('internal: this input needs the zod schema to be decided (call again with it)');
    this.name = 'SchemaNeeded';
  }
}
