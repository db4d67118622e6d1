import type { CallTrust } from '../config/loaded.js';
import type { CatalogTool } from '../catalog/types.js';
import { compileGlobs } from '../util/glob.js';

/**
 * Whether `call --execute` may send without asking, and why. Only the person decides: `--yes` on the command line or a
 * `call.trust` pattern in a config file they wrote. Annotations (`readOnlyHint`, `destructiveHint`) are the server's
 * own claims — a hostile server marks its destructive tool read-only — so they only word the question, never skip it.
 */
export type ConfirmationDecision = { ask: false; by: 'yes' } | { ask: false; by: 'trust'; trust: CallTrust } | { ask: true; label: string; claims: string };

export function confirmationFor(tool: CatalogTool, options: { yes: boolean; trust?: readonly CallTrust[] }): ConfirmationDecision {
  if (options.yes) return { ask: false, by: 'yes' };
  const label = `${tool.server}/${tool.name}`;
  const trust = options.trust ?? [];
  if (trust.length) {
    const pattern = compileGlobs(trust.map((each) => each.pattern)).firstMatch([label]);
    const entry = trust.find((each) => each.pattern === pattern);
    if (entry) return { ask: false, by: 'trust', trust: entry };
  }
  return { ask: true, label, claims: annotationClaims(tool) };
}

/** What the server says of its tool, worded as its claim (shown in the prompt and the refusal). */
function annotationClaims(tool: CatalogTool): string {
  const annotations = tool.annotations ?? {};
  const claims: string[] = [];
  if (annotations.readOnlyHint === true) claims.push('the server says read-only');
  else if (annotations.destructiveHint === false) claims.push('not read-only');
  else claims.push('may be destructive');
  if (annotations.openWorldHint === true) claims.push('open world');
  return claims.join(', ');
}
