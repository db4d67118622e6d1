/**
 * Resource URIs through the gateway: a URI (or URI template) only one server offers passes unchanged; one that several
 * servers share is namespaced as a valid URI that carries the server, and rewritten back wherever it travels.
 *
 * Form: `<server>+<uri>` (a scheme extended with the server, as agentgateway does) when the server key is a lower-case
 * scheme-safe word; otherwise `mcpns://<server, percent-encoded>/<uri, percent-encoded>`. Both are RFC 3986 URIs and
 * both decode without a table.
 */

const SCHEME_SAFE_SERVER = /^[a-z][a-z0-9.-]*$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WRAPPED = /^mcpns:\/\/([^/]*)\/(.*)$/s;

/** The namespaced form of `uri` from `server`. */
export function namespaceUri(server: string, uri: string): string {
  if (SCHEME_SAFE_SERVER.test(server) && SCHEME.test(uri)) return `${server}+${uri}`;
  return `mcpns://${encodeURIComponent(server)}/${encodeURIComponent(uri)}`;
}

/** The namespaced form of a URI template: literal parts as `namespaceUri`, expressions kept. */
export function namespaceTemplate(server: string, template: string): string {
  if (SCHEME_SAFE_SERVER.test(server) && SCHEME.test(template)) return `${server}+${template}`;
  // Percent-encode the literal parts only, so the template still expands.
  const encoded = template.split(/(\{[^}]*\})/).map((part) => (part.startsWith('{') ? part : encodeURIComponent(part)));
  return `mcpns://${encodeURIComponent(server)}/${encoded.join('')}`;
}

/** The (server, upstream URI) a namespaced URI stands for, given the known servers; undefined if it is not one. */
export function parseNamespacedUri(uri: string, servers: ReadonlySet<string>): { server: string; uri: string } | undefined {
  const wrapped = WRAPPED.exec(uri);
  if (wrapped) {
    try {
      const server = decodeURIComponent(wrapped[1]!);
      if (servers.has(server)) return { server, uri: decodeURIComponent(wrapped[2]!) };
    } catch {
      return undefined;
    }
    return undefined;
  }
  const plus = uri.indexOf('+');
  if (plus <= 0) return undefined;
  const server = uri.slice(0, plus);
  if (!SCHEME_SAFE_SERVER.test(server) || !servers.has(server)) return undefined;
  const rest = uri.slice(plus + 1);
  return SCHEME.test(rest) ? { server, uri: rest } : undefined;
}

/** Literal prefix of a URI template (up to its first expression): a cheap filter before matching it. */
export function templatePrefix(template: string): string {
  const brace = template.indexOf('{');
  return brace < 0 ? template : template.slice(0, brace);
}

/**
 * Whether `uri` is an expansion of the RFC 6570 level-1/2 template (simple `{var}` and reserved `{+var}` expressions):
 * literal parts must match in order; a simple expression matches no "/", a reserved one anything. Bounded: no
 * regular expression is built from server text.
 */
export function matchesTemplate(template: string, uri: string): boolean {
  const parts = template.split(/(\{[^}]*\})/).filter((part) => part !== '');
  const match = (partIndex: number, at: number): boolean => {
    if (partIndex === parts.length) return at === uri.length;
    const part = parts[partIndex]!;
    if (!part.startsWith('{')) return uri.startsWith(part, at) && match(partIndex + 1, at + part.length);
    const reserved = part.startsWith('{+') || part.startsWith('{#');
    const next = parts[partIndex + 1];
    // Try the shortest expansion first, up to the next literal (greedy backtracking is bounded by the literals).
    for (let end = at; end <= uri.length; end++) {
      if (end > at && !reserved && uri[end - 1] === '/') return false;
      if (next === undefined ? end === uri.length : !next.startsWith('{') && uri.startsWith(next, end)) {
        if (match(partIndex + 1, end)) return true;
      }
    }
    return false;
  };
  return match(0, 0);
}
