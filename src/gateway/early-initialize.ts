/**
 * `mcpns serve` on stdio answers the client's opening `initialize` before the rest of mcpns is loaded: the MCP SDK,
 * zod and the gateway are about 1.5 MB of JavaScript, most of the time to a first answer, and clients wait only so
 * long for a server. The entry point starts reading stdin at once (answerInitializeEarly); the answer is the one the
 * gateway's SDK server gives while its upstreams start (every capability a server may offer; in router mode the
 * hint to search first). When the gateway is ready it takes over what was read (takeOver) and handles it as if it
 * came now; the SDK server's own
 * answer to that `initialize` is dropped (dropAnswer), so the session is the SDK's as before. Anything but a 2025-era
 * `initialize` as the first line is left to the SDK alone.
 * Kept free of imports beyond the version: it is loaded before everything else.
 */
import { VERSION } from '../version.js';

/** The `initialize` revisions the gateway's SDK server speaks (its SUPPORTED_PROTOCOL_VERSIONS; a test holds them equal). */
export const INITIALIZE_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** What the gateway tells a client about itself. */
export const GATEWAY_INFO = { name: 'mcpns', version: VERSION, title: 'mcpns gateway' } as const;

/** What the gateway declares while its upstreams start (listing.ts's capabilities() then; a test holds them equal). */
export const STARTING_CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  logging: {},
  completions: {},
} as const;

/** Past this many bytes without a line break the first message is the SDK's to read (and refuse). */
const MAX_FIRST_LINE_BYTES = 1024 * 1024;

/** What was read before the gateway took over, to be handled first. */
export interface EarlyInput {
  chunks: Buffer[];
  /** stdin ended before the gateway took over. */
  ended: boolean;
  /** The id of the `initialize` answered early, if one was. */
  answered?: string | number | undefined;
}

export interface EarlyStdin {
  /** Stop reading here: what was read so far. Called once, by the gateway, right before it reads stdin itself. */
  takeOver(): EarlyInput;
}

/**
 * Start reading `stdin`; answer its first line at once when it is a 2025-era `initialize`. `instructions`: what the
 * gateway says at initialize before any server is ready (router mode's hint to search first), if anything.
 */
export function answerInitializeEarly(stdin: NodeJS.ReadableStream, write: (text: string) => void, instructions?: string): EarlyStdin {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let decided = false;
  let ended = false;
  let answered: string | number | undefined;
  const onData = (chunk: Buffer | string): void => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    if (decided) return;
    bytes += buffer.length;
    const all = chunks.length === 1 ? buffer : Buffer.concat(chunks);
    const newline = all.indexOf(0x0a);
    if (newline === -1) {
      decided = bytes > MAX_FIRST_LINE_BYTES;
      return;
    }
    decided = true;
    const opening = earlyInitialize(all.subarray(0, newline));
    if (!opening) return;
    answered = opening.id;
    write(initializeAnswer(opening.id, opening.version, instructions));
  };
  const onEnd = (): void => {
    ended = true;
  };
  stdin.on('data', onData);
  stdin.once('end', onEnd);
  return {
    takeOver() {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      return { chunks, ended, answered };
    },
  };
}

function parseLine(line: Buffer): { id?: unknown; method?: unknown; jsonrpc?: unknown; params?: { protocolVersion?: unknown } } | undefined {
  try {
    const value = JSON.parse(line.toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The id and revision of a 2025-era `initialize` request on this line, or undefined for anything else. */
function earlyInitialize(line: Buffer): { id: string | number; version: string } | undefined {
  const message = parseLine(line);
  if (!message || message.jsonrpc !== '2.0' || message.method !== 'initialize') return undefined;
  if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined;
  const version = message.params?.protocolVersion;
  return typeof version === 'string' && INITIALIZE_VERSIONS.includes(version) ? { id: message.id, version } : undefined;
}

/** The answer the gateway's SDK server gives to `initialize` while its upstreams start, as one line. */
export function initializeAnswer(id: string | number, protocolVersion: string, instructions?: string): string {
  const result = { protocolVersion, capabilities: STARTING_CAPABILITIES, serverInfo: GATEWAY_INFO, ...(instructions ? { instructions } : {}) };
  return `${JSON.stringify({ result, jsonrpc: '2.0', id })}\n`;
}

/** Whether `text` (one message the SDK server writes) is a response to request `id`. */
export function isResponseTo(text: string, id: string | number): boolean {
  const message = parseLine(Buffer.from(text));
  return message !== undefined && message.method === undefined && message.id === id;
}
