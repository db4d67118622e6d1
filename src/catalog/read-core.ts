import { positionAt } from '../config/json-text.js';
import { McpnsError } from '../errors.js';
import { fastCatalogFileSteps } from './fast-read.js';
import { parseChunksInPiecesSteps, parseToolsInPiecesSteps } from './parse-in-pieces.js';
import { drain, drive, type Pause, type Steps } from '../util/steps.js';
import { mismatchedHashes } from './hash.js';
import { statSync } from 'node:fs';
import { readRegularFile, readRegularFileChunks, UnreadableFileError } from '../util/read-file.js';
import { definitionProblem } from './limits.js';
import { CATALOG_SCHEMA_VERSION, type Catalog, type CatalogFile, type CatalogServer, type CatalogTool } from './types.js';

/** Decides (and words) a catalog document the fast path cannot vouch for: zod's schema (`checkCatalogWithZod`, read.ts). */
export type CatalogCheck = (value: unknown, file: string) => CatalogFile;

/**
 * A catalog read without zod: the catalog, or — for a document the generated validator rejects — how to finish
 * reading it once zod's check is at hand (the document is not parsed again). Nothing is thrown to say so: a caller
 * loads zod only for such a document (the CLI), or passes it at once (the library, read.ts).
 */
export type CatalogReading = { catalog: Catalog; finish?: never } | { catalog?: never; finish: (check: CatalogCheck) => Catalog };

/**
 * The parsed file as a Catalog: the fields a file may omit get the values discovery would have given them. A server's
 * `source` stays absent when the file records none: it names a config file, and the catalog itself is not one.
 */
function* toCatalog(data: CatalogFile): Steps<Catalog> {
  const counts = new Map<string, number>();
  for (const tool of data.tools) counts.set(tool.server, (counts.get(tool.server) ?? 0) + 1);
  // In place (the parsed objects are this function's own): a million tools are not copied once more. Same keys in
  // the same order as a spread would give.
  const tools: CatalogTool[] = new Array<CatalogTool>(data.tools.length);
  // One string per server name: JSON.parse makes a copy of it for every tool (a million copies of 50 names each).
  const serverNames = new Map<string, string>();
  for (let index = 0; index < data.tools.length; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    const tool = data.tools[index]!;
    let server = serverNames.get(tool.server);
    if (server === undefined) serverNames.set(tool.server, (server = tool.server));
    tools[index] = Object.assign(tool, {
      server,
      qualifiedName: tool.qualifiedName ?? `${server}/${tool.name}`,
      inputSchema: tool.inputSchema ?? { type: 'object' },
    });
  }
  return {
    ...data,
    generatedAt: data.generatedAt ?? '',
    style: data.style ?? 'slash',
    servers: data.servers.map((server): CatalogServer => ({
      ...server,
      transport: server.transport ?? 'unknown',
      toolCount: server.toolCount ?? counts.get(server.name) ?? 0,
    })),
    tools,
  };
}

/** How many tools a slice of the reader handles between two breaks of a paced read. */
const SLICE_MASK = 0x1fff;

/**
 * Read a catalog document (`list --json` output or a snapshot) for offline commands.
 * A newer schemaVersion, a truncated file or a hand-edited one fails with exit 2 naming the problem.
 */
export function readCatalog(file: string): CatalogReading {
  return drain(catalogFromValue(drain(parseFile(file)), file));
}

/**
 * `readCatalog` with breaks: `pause` is asked between the pieces a large document is parsed in (the CLI lets signal
 * handlers run there and stops the read on one).
 */
export async function readCatalogPaced(file: string, pause: Pause): Promise<CatalogReading> {
  return drive(catalogFromValue(await drive(parseFile(file), pause), file), pause);
}

/** The same for a document's text (`file` names it in errors). */
export function readCatalogFromText(text: string, file: string): CatalogReading {
  return drain(catalogFromValue(drain(parseJson(text, file)), file));
}

function readCatalogText(file: string): string {
  try {
    return readRegularFile(file);
  } catch (error) {
    throw unreadableCatalog(error, file);
  }
}

function unreadableCatalog(error: unknown, file: string): unknown {
  if (!(error instanceof UnreadableFileError)) return error;
  return new McpnsError('CATALOG_INVALID', error.reason === 'not-found' ? `catalog file not found: ${file}` : error.message, { location: { file } });
}

/** Documents larger than this parse their tools in pieces (parse-in-pieces.ts); smaller ones gain nothing from it. */
const PIECEWISE_CHARS = 16 * 1024 * 1024;

/**
 * The parsed document. A large file is parsed in pieces as it is read, never held whole as bytes or as text; when the
 * pieces cannot vouch for it (parse-in-pieces.ts), the text is read and parsed whole, which words any error.
 */
function* parseFile(file: string): Steps<unknown> {
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // readCatalogText words what is wrong with the path
  }
  if (size > PIECEWISE_CHARS) {
    const chunks = readRegularFileChunks(file);
    try {
      const parsed = yield* parseChunksInPiecesSteps(chunks);
      if (parsed !== undefined) return parsed;
    } catch (error) {
      throw unreadableCatalog(error, file);
    } finally {
      chunks.return();
    }
    return yield* parseJson(readCatalogText(file), file, { whole: true });
  }
  // The text is never held in a variable here: once parsed, a 300 MB string is garbage while the tools are checked.
  return yield* parseJson(readCatalogText(file), file);
}

function* parseJson(text: string, file: string, { whole = false } = {}): Steps<unknown> {
  try {
    return (!whole && text.length > PIECEWISE_CHARS ? yield* parseToolsInPiecesSteps(text) : undefined) ?? JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? text.length);
    const { line, column } = positionAt(text, offset);
    throw new McpnsError('CATALOG_INVALID', `${file}:${line}:${column}: not valid JSON (truncated or hand-edited?)`, {
      location: { file, line, column },
    });
  }
}

function* catalogFromValue(value: unknown, file: string): Steps<CatalogReading> {
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version > CATALOG_SCHEMA_VERSION) {
    throw new McpnsError(
      'CATALOG_VERSION',
      `${file}: schemaVersion ${version} is newer than this mcpns understands (${CATALOG_SCHEMA_VERSION}); upgrade mcpns`,
      { location: { file } },
    );
  }
  // The fast path vouches for well-formed documents without zod's copies; zod decides (and words) everything else.
  const data = yield* fastCatalogFileSteps(value);
  return data ? { catalog: yield* finishReading(data, file) } : { finish: (check) => drain(finishReading(check(value, file), file)) };
}

/** A document the schema accepted, as a Catalog: defaults filled, oversized tools set aside, snapshot hashes verified. */
function* finishReading(data: CatalogFile, file: string): Steps<Catalog> {
  const catalog = yield* withinLimits(yield* toCatalog(data));
  // Snapshots pin each tool's parts by hash: a hand-edited tool no longer matches its hash.
  for (let index = 0; index < catalog.tools.length; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    const tool = catalog.tools[index]!;
    if (!tool.hashes) continue;
    const fields = mismatchedHashes(tool);
    if (fields.length) {
      throw new McpnsError(
        'CATALOG_INVALID',
        `${file}: tool "${tool.server}/${tool.name}": ${fields.map((field) => `hashes.${field}`).join(', ')} ${fields.length > 1 ? 'do' : 'does'} not match its content (hand-edited?)`,
        { location: { file, path: `tools.${index}` }, hint: 'regenerate it from the servers with `mcpns snapshot -o <file>`' },
      );
    }
  }
  return catalog;
}

/**
 * Tools over the definition limits (a hand-made or hostile file) are moved to their server's malformedTools, as
 * discovery does with what a server sends: reported by MALFORMED_TOOL, never walked by anything that recurses.
 */
function* withinLimits(catalog: Catalog): Steps<Catalog> {
  const oversized = new Map<string, Array<{ index: number; tool: CatalogTool; problem: string }>>();
  const kept: CatalogTool[] = [];
  for (let index = 0; index < catalog.tools.length; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    const tool = catalog.tools[index]!;
    const problem = definitionProblem(tool);
    if (!problem) {
      kept.push(tool);
      continue;
    }
    const list = oversized.get(tool.server) ?? [];
    list.push({ index, tool, problem });
    oversized.set(tool.server, list);
  }
  if (!oversized.size) return catalog;
  const servers = catalog.servers.map((server): CatalogServer => {
    const entries = oversized.get(server.name);
    if (!entries) return server;
    oversized.delete(server.name);
    const malformed = entries.map(({ index, tool, problem }) => ({
      index,
      ...(typeof tool.name === 'string' ? { name: tool.name } : {}),
      problems: [problem],
    }));
    return { ...server, malformedTools: [...(server.malformedTools ?? []), ...malformed] };
  });
  for (const [server, [first]] of oversized) {
    throw new McpnsError('CATALOG_INVALID', `tool "${server}/${first!.tool.name}" (of a server the catalog does not list): ${first!.problem}`, {
      location: { path: `tools.${first!.index}` },
    });
  }
  return { ...catalog, servers, tools: kept };
}
