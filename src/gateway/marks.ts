/**
 * Titles that tell servers apart. Two servers offering the same tool (the same name, or the same title) would show as
 * two identical entries in a client that shows titles (VS Code lists "Read Text File" twice): the gateway adds a short
 * server mark to each one's title ("Read Text File (docs)"), and with `--mark-descriptions` a prefix to each one's
 * description ("[docs] Read the complete contents…"), so a person and a model can tell them apart. Pure.
 */
import type { JsonObject } from './upstream.js';

/** A title or description the gateway changed, and from what. */
export interface Mark {
  kind: 'title' | 'description';
  server: string;
  /** The upstream tool name. */
  tool: string;
  from: string;
  to: string;
}

const MAX_MARK = 24;

/** The mark of a server: its key, cut to a readable length. */
export function serverMark(server: string): string {
  return server.length > MAX_MARK ? `${server.slice(0, MAX_MARK - 1)}…` : server;
}

const titleOf = (tool: JsonObject): string | undefined => {
  if (typeof tool['title'] === 'string' && tool['title'] !== '') return tool['title'];
  const annotations = tool['annotations'];
  const title = annotations && typeof annotations === 'object' ? (annotations as JsonObject)['title'] : undefined;
  return typeof title === 'string' && title !== '' ? title : undefined;
};

/**
 * Mark the exposed tools that share a name or a title with another server's tool (`tools[i]` comes from `servers[i]`
 * and is upstream `names[i]`). Returns the tools (changed ones copied) and what was changed.
 */
export function markShared(
  tools: readonly JsonObject[],
  origin: ReadonlyArray<{ server: string; name: string }>,
  options: { descriptions?: boolean | undefined },
): { tools: JsonObject[]; marks: Mark[] } {
  const serversBy = new Map<string, Set<string>>();
  const add = (key: string, server: string): void => {
    const set = serversBy.get(key);
    if (set) set.add(server);
    else serversBy.set(key, new Set([server]));
  };
  tools.forEach((tool, index) => {
    add(`n\0${origin[index]!.name}`, origin[index]!.server);
    const title = titleOf(tool);
    if (title !== undefined) add(`t\0${title}`, origin[index]!.server);
  });
  const shared = (tool: JsonObject, index: number): boolean => {
    const title = titleOf(tool);
    return (serversBy.get(`n\0${origin[index]!.name}`)?.size ?? 0) > 1 || (title !== undefined && (serversBy.get(`t\0${title}`)?.size ?? 0) > 1);
  };
  const marks: Mark[] = [];
  const out = tools.map((tool, index) => {
    if (!shared(tool, index)) return tool;
    const { server, name } = origin[index]!;
    const mark = serverMark(server);
    const next: JsonObject = { ...tool };
    const title = titleOf(tool);
    if (title !== undefined) {
      const to = `${title} (${mark})`;
      if (typeof tool['title'] === 'string' && tool['title'] !== '') next['title'] = to;
      const annotations = tool['annotations'];
      if (annotations && typeof annotations === 'object' && typeof (annotations as JsonObject)['title'] === 'string') {
        next['annotations'] = { ...(annotations as JsonObject), title: `${(annotations as JsonObject)['title'] as string} (${mark})` };
      }
      marks.push({ kind: 'title', server, tool: name, from: title, to });
    }
    if (options.descriptions && typeof tool['description'] === 'string') {
      const to = `[${mark}] ${tool['description']}`;
      next['description'] = to;
      marks.push({ kind: 'description', server, tool: name, from: tool['description'], to });
    }
    return next;
  });
  return { tools: out, marks };
}
