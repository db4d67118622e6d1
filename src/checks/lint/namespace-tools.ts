import type { CatalogTool } from '../../catalog/types.js';
import type { CheckContext } from '../types.js';
import { namespacesByServer, type NamedNamespace } from '../../profiles/namespaces.js';
import { visibleTools } from './shared.js';

/** Every visible tool paired with each namespace its server belongs to (config `namespaces`). */
export function* toolsInNamespaces(context: CheckContext): Generator<{ tool: CatalogTool; namespace: NamedNamespace }> {
  const byServer = namespacesByServer(context.config);
  if (byServer.size === 0) return;
  for (const tool of visibleTools(context.catalog)) {
    const namespaces = byServer.get(tool.server);
    if (namespaces) for (const namespace of namespaces) yield { tool, namespace };
  }
}
