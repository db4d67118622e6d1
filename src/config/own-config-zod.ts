import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { locate, type parseJsonText } from './json-text.js';
import type { OwnConfigCheck } from './load-core.js';
import type { OwnConfigParts } from './quick-validate.js';
import { McpnsConfigSchema, ServerEntrySchema, type ServerEntry } from './schema.js';

type JsonTree = ReturnType<typeof parseJsonText>['tree'];

/**
 * The config checked against zod's schema: what decides (and words) a config the precompiled validator rejects. Servers are checked entry by entry and kept as [name, entry] pairs:
 * zod's record (like any object built by assignment) drops a "__proto__" key, and a server may be called that.
 */
export const checkOwnConfigWithZod: OwnConfigCheck = (value: unknown, text: string, tree: JsonTree, shown: string): OwnConfigParts => {
  const fail = (error: z.ZodError): never => {
    throw schemaError(error, text, tree, shown);
  };
  const raw = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const rawServers = raw?.['servers'];
  if (!raw || rawServers === undefined || rawServers === null || typeof rawServers !== 'object' || Array.isArray(rawServers)) {
    const result = McpnsConfigSchema.safeParse(value);
    if (!result.success) fail(result.error);
    return { config: result.data!, servers: Object.entries(result.data!.servers ?? {}) };
  }
  const { servers: _servers, ...rest } = raw;
  const result = McpnsConfigSchema.safeParse(rest);
  if (!result.success) fail(result.error);
  const servers: Array<[string, ServerEntry]> = [];
  for (const [name, entry] of Object.entries(rawServers)) {
    const parsed = ServerEntrySchema.safeParse(entry);
    if (!parsed.success) fail(new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ['servers', name, ...issue.path] }))));
    servers.push([name, parsed.data!]);
  }
  return { config: result.data!, servers };
};

function schemaError(error: z.ZodError, text: string, tree: JsonTree, shown: string): ConfigError {
  const issue = error.issues[0]!;
  let path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    path = [...path, key];
    message = `unknown key "${key}"`;
  } else if (issue.code === 'invalid_union' && path[0] === 'servers' && path.length === 2) {
    message = 'a server needs "command" (stdio) or "url" (with "type": "http"|"sse" to pick the transport)';
    const entry = (issue as { errors?: z.core.$ZodIssue[][] }).errors;
    // A problem inside a nested object (e.g. "oauth") belongs to the branch the entry clearly is: report it there.
    const nested = entry
      ?.map((branch) => branch[0])
      .find((first) => first && (first.path.length > 1 || (first.path.length === 1 && first.code === 'unrecognized_keys')));
    const detail = entry?.map((branch) => branch[0]).find((first) => first && first.code === 'unrecognized_keys');
    if (nested) {
      path = [...path, ...nested.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))];
      message = nested.code === 'unrecognized_keys' ? `unknown key "${nested.keys[0]}"` : nested.message;
      if (nested.code === 'unrecognized_keys') path = [...path, nested.keys[0]!];
    } else if (detail && detail.code === 'unrecognized_keys') message += `; unknown key "${detail.keys[0]}"`;
  }
  const dotted = path.map(String).join('.') || '(root)';
  const at = locate(text, tree, path as Array<string | number>);
  return new ConfigError('CONFIG_INVALID', `${shown}: ${dotted}: ${message}`, {
    location: { file: shown, ...at, path: dotted },
    details: { issues: error.issues.slice(0, 10).map((each) => ({ path: each.path.map(String).join('.'), message: each.message })) },
  });
}
