import type { Client, Tool } from '@modelcontextprotocol/client';
import { ToolSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import type { MalformedTool } from '../catalog/types.js';
import { DEFAULT_TOOL_LIMITS, definitionProblem } from '../catalog/limits.js';
import type { JsonLimits } from '../util/json-walk.js';
import { headerMarkProblem } from './x-mcp-header.js';

/** Default guard against servers that paginate forever. */
export const DEFAULT_MAX_PAGES = 100;

export { DEFAULT_TOOL_LIMITS } from '../catalog/limits.js';

/**
 * Deliberately loose: the SDK's ListToolsResultSchema rejects the whole page when one tool is malformed
 * (e.g. `inputSchema: {}`), so each tool is validated on its own afterwards.
 */
const LooseListToolsResultSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
  ttlMs: z.number().optional(),
  cacheScope: z.string().optional(),
});

/** A server cannot pin a listing longer than this (the SDK's own cap on cache hints). */
const MAX_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface ListAllToolsOptions {
  /** Stop after this many pages (a note says so; the tools so far are kept). */
  maxPages?: number;
  /** SDK request timeout per page (ms); the caller's own deadline should still bound the whole walk. */
  timeoutMs?: () => number;
  signal?: AbortSignal;
  /** Called before each page is requested (1-based), e.g. to track the stage for error messages. */
  onPage?: (page: number) => void;
  /** Depth and size limits per tool definition (DEFAULT_TOOL_LIMITS). */
  toolLimits?: JsonLimits;
  /**
   * The session is Streamable HTTP (or SSE): on 2026-07-28 a tool whose `x-mcp-header` marks break SEP-2243 is set
   * aside as malformed (a client MUST exclude it: the server refuses every call of it).
   */
  overHttp?: boolean;
}

export interface ListAllToolsResult {
  /** Valid tools in server order, duplicates kept (a check reports DUPLICATE_IN_SERVER). */
  tools: Tool[];
  /** Entries that failed the SDK's ToolSchema, with their position in the concatenated pages. */
  malformed: MalformedTool[];
  pages: number;
  notes: string[];
  /**
   * The cache hint of the listing (2026-07-28 `ttlMs`/`cacheScope` of its first page): how long the same session may
   * reuse it. Absent when the server gave none (the 2025 revisions never do).
   */
  cache?: { ttlMs: number; scope: 'public' | 'private' };
}

/**
 * Walk every tools/list page (following nextCursor) tolerantly: a malformed tool is recorded, not fatal.
 * Guards against a repeated cursor and against more than `maxPages` pages.
 */
export async function listAllTools(client: Client, options: ListAllToolsOptions = {}): Promise<ListAllToolsResult> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const tools: Tool[] = [];
  const malformed: MalformedTool[] = [];
  const notes: string[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let index = 0;
  let cache: ListAllToolsResult['cache'];
  // Each tool is checked against the Tool shape of the revision the session negotiated.
  const revision = client.getNegotiatedProtocolVersion();
  const headerMarks = options.overHttp === true && client.getProtocolEra() === 'modern';
  for (;;) {
    options.onPage?.(pages + 1);
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, LooseListToolsResultSchema, {
      ...(options.timeoutMs ? { timeout: options.timeoutMs() } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    pages++;
    if (pages === 1 && typeof result.ttlMs === 'number' && Number.isFinite(result.ttlMs) && result.ttlMs > 0) {
      cache = { ttlMs: Math.min(result.ttlMs, MAX_CACHE_TTL_MS), scope: result.cacheScope === 'public' ? 'public' : 'private' };
    }
    for (const entry of result.tools) {
      // Checked before the SDK's schema (and anything else) walks it.
      const oversized = definitionProblem(entry, options.toolLimits ?? DEFAULT_TOOL_LIMITS);
      const issues = oversized ? [{ path: [], message: oversized }] : toolIssues(entry, revision, headerMarks);
      if (issues.length === 0) tools.push(entry as Tool);
      else malformed.push(malformedEntry(index, entry, issues));
      index++;
    }
    cursor = result.nextCursor;
    if (cursor === undefined) break;
    if (seenCursors.has(cursor)) {
      notes.push(`tools/list returned cursor ${JSON.stringify(cursor.slice(0, 80))} twice; stopped after ${pages} pages`);
      break;
    }
    if (pages >= maxPages) {
      notes.push(`tools/list still had more pages after ${maxPages} pages; stopped there (page guard)`);
      break;
    }
    seenCursors.add(cursor);
  }
  return { tools, malformed, pages, notes, ...(cache ? { cache } : {}) };
}

/** The first revision whose Tool lets outputSchema be any JSON Schema (earlier ones require `type: "object"`). */
const ANY_OUTPUT_SCHEMA_SINCE = '2026-07-28';

/**
 * Why a tools/list entry is not a Tool of the revision the server spoke: the SDK's Tool shape (the current revision's,
 * the most permissive), plus what the earlier revisions also require. Revisions are dates, so they compare as text.
 */
function toolIssues(entry: unknown, protocolVersion: string | undefined, headerMarks: boolean): ReadonlyArray<{ path: PropertyKey[]; message: string }> {
  const parsed = ToolSchema.safeParse(entry);
  if (!parsed.success) return parsed.error.issues;
  const marks = headerMarks ? headerMarkProblem((entry as { inputSchema?: unknown }).inputSchema) : undefined;
  if (marks) return [{ path: ['inputSchema'], message: `${marks} (SEP-2243: a 2026-07-28 server refuses every call of this tool over HTTP)` }];
  const outputSchema = (entry as { outputSchema?: unknown }).outputSchema;
  const older = protocolVersion === undefined || protocolVersion < ANY_OUTPUT_SCHEMA_SINCE;
  if (older && outputSchema !== undefined && (outputSchema as { type?: unknown }).type !== 'object') {
    return [{ path: ['outputSchema', 'type'], message: `expected "object" (protocol revision ${protocolVersion ?? 'unknown'})` }];
  }
  return [];
}

function malformedEntry(index: number, entry: unknown, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): MalformedTool {
  const name =
    typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string' ? (entry as { name: string }).name : undefined;
  const problems = issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  // A hostile entry can fail in thousands of places; the first few say what is wrong.
  return { index, ...(name === undefined ? {} : { name }), problems: problems.slice(0, 20) };
}
