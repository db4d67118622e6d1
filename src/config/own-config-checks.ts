/**
 * What a mcpns config must satisfy beyond its schema, checked once the schema holds: route rules that compile, `oauth`
 * fields that work together, namespace patterns the linear engine can run. Each failure is a CONFIG_INVALID naming the
 * field, with its place in the file.
 */
import { ConfigError } from '../errors.js';
import { checkLinearPattern } from '../util/linear-regexp.js';
import { locate, type parseJsonText } from './json-text.js';
import { checkRouteDefinitions } from './route-definitions.js';
import type { McpnsConfig, ServerEntry } from './schema.js';

type JsonTree = ReturnType<typeof parseJsonText>['tree'];

/** A route whose regex does not compile or whose template names a missing group fails here, naming the rule. */
export function validateRoutes(config: McpnsConfig, shown: string, text: string, tree: JsonTree): void {
  const problem = checkRouteDefinitions(config.routes ?? [])[0];
  if (!problem) return;
  const dotted = problem.path.map(String).join('.');
  throw new ConfigError('CONFIG_INVALID', `${shown}: route "${problem.name}" (${dotted}): ${problem.message}`, {
    location: { file: shown, ...locate(text, tree, problem.path), path: dotted },
    details: { route: problem.name },
  });
}

/** Combinations of `oauth` fields that cannot work fail here, naming the field. */
export function validateOAuth(servers: ReadonlyArray<[string, ServerEntry]>, shown: string, text: string, tree: JsonTree): void {
  for (const [name, entry] of servers) {
    const oauth = 'oauth' in entry ? entry.oauth : undefined;
    if (!oauth) continue;
    const fail = (field: string, message: string): never => {
      const path = ['servers', name, 'oauth', ...(field ? [field] : [])];
      throw new ConfigError('CONFIG_INVALID', `${shown}: ${path.join('.')}: ${message}`, {
        location: { file: shown, ...locate(text, tree, path), path: path.join('.') },
      });
    };
    const hasKey = oauth.privateKey !== undefined || oauth.privateKeyFile !== undefined;
    if (oauth.privateKey !== undefined && oauth.privateKeyFile !== undefined) fail('privateKey', 'give privateKey or privateKeyFile, not both');
    if (oauth.grantType === 'client_credentials') {
      if (!oauth.clientId) fail('clientId', 'client_credentials needs a clientId');
      if (oauth.clientSecret === undefined && !hasKey)
        fail('clientSecret', 'client_credentials needs a clientSecret, or privateKey/privateKeyFile for private_key_jwt');
    } else {
      if (hasKey) fail(oauth.privateKey !== undefined ? 'privateKey' : 'privateKeyFile', 'private_key_jwt is used with "grantType": "client_credentials"');
      if (oauth.signingAlgorithm !== undefined) fail('signingAlgorithm', 'signingAlgorithm is used with a private key (client_credentials)');
    }
    if (oauth.clientMetadataUrl !== undefined && !oauth.clientMetadataUrl.includes('${') && !/^https:\/\/[^/\s]+\/\S+/.test(oauth.clientMetadataUrl)) {
      fail('clientMetadataUrl', 'must be an https URL with a path (it is used as the client_id)');
    }
  }
}

/** A namespace `pattern` that does not compile, or needs a backtracking engine, fails here, naming the namespace. */
export function validateRegexes(config: McpnsConfig, shown: string, text: string, tree: JsonTree): void {
  for (const [name, namespace] of Object.entries(config.namespaces ?? {})) {
    if (namespace.pattern === undefined) continue;
    try {
      // The engine lint runs it on (tool names come from servers): lookahead or backreferences are refused here.
      checkLinearPattern(namespace.pattern, 'u');
    } catch (error) {
      const at = locate(text, tree, ['namespaces', name, 'pattern']);
      throw new ConfigError('CONFIG_INVALID', `namespaces.${name}.pattern: invalid regular expression: ${(error as Error).message}`, {
        location: { file: shown, ...at, path: `namespaces.${name}.pattern` },
      });
    }
  }
}
