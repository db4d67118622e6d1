import type { ExposedTool, JsonObject, RouterCallContext, RouterHost } from '../../../../src/gateway/router/index.js';

/** An exposed tool as the gateway names it (double-underscore style). */
export function exposed(server: string, tool: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []): ExposedTool {
  return {
    server,
    tool,
    definition: {
      name: `${server}__${tool}`,
      description,
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    },
  };
}

export const CATALOG: ExposedTool[] = [
  exposed('github', 'create_issue', 'Create a new issue in a GitHub repository.', { repo: { type: 'string' }, title: { type: 'string' } }, ['repo', 'title']),
  exposed('github', 'create_pull_request', 'Create a new pull request in a GitHub repository.', { repo: { type: 'string' }, head: { type: 'string' } }, [
    'repo',
  ]),
  exposed('github', 'list_issues', 'List issues in a GitHub repository.', { repo: { type: 'string' } }, ['repo']),
  exposed('memory', 'store_memory', 'Store a fact in long-term memory so it can be recalled later.', { fact: { type: 'string' } }, ['fact']),
  exposed('files', 'read_file', 'Read the contents of a file from disk.', { path: { type: 'string' } }, ['path']),
  exposed('calc', 'add', 'Add two numbers.', { a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
];

/** A host over a mutable tool list, with a call context that records every call it routes. */
export class FakeHost implements RouterHost {
  calls: Array<{ name: string; args: JsonObject }> = [];
  readonly context: RouterCallContext = {
    signal: new AbortController().signal,
    callTool: async (name, args) => {
      this.calls.push({ name, args });
      return { content: [{ type: 'text', text: `called ${name}` }] };
    },
  };
  constructor(public tools: readonly ExposedTool[] = CATALOG) {}
  exposedTools(): readonly ExposedTool[] {
    return this.tools;
  }
}

/** A context whose calls are not expected. */
export const noCalls: RouterCallContext = new FakeHost().context;

/** The structured answer of a router tool result. */
export const structured = (result: JsonObject): JsonObject => result['structuredContent'] as JsonObject;
export const names = (result: JsonObject): string[] => ((structured(result)['tools'] as JsonObject[]) ?? []).map((tool) => String(tool['name']));
export const text = (result: JsonObject): string => (result['content'] as Array<{ text: string }>)[0]?.text ?? '';
