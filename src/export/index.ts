/** `mcpns export` core: provider tool definitions and the routing map back to (server, tool). Pure. */
export {
  exportTools,
  exportDescription,
  defaultExportName,
  EXPORT_PROVIDERS,
  EXPORT_SCHEMA_VERSION,
  PROVIDER_RULES,
  type ExportOptions,
  type ExportProblem,
  type ExportProvider,
  type ExportResult,
  type ProviderNameRule,
} from './providers.js';
export { toGeminiSchema, type GeminiSchemaResult } from './gemini-schema.js';
