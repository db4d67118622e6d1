// Worker thread for the fuzz suites: runs one parser on one input and reports how it ended. It imports the built
// modules (dist/, `npm run build` first) so the test thread can kill it when a parser hangs on some input,
// which no in-thread timer could do for synchronous code.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';

const dist = new URL('../../../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
const [
  { loadConfig },
  { parseCatalogText },
  { parseArgumentsJson, parseKeyValueArguments },
  { extractFirstJson },
  { McpnsError },
  { collectSecrets },
  { summarizeServer },
] = await Promise.all([
  load('config/load.js'),
  load('catalog/read.js'),
  load('call/arguments.js'),
  load('route/extract-json.js'),
  load('errors.js'),
  load('util/redact.js'),
  load('config/describe-server.js'),
]);

const root = mkdtempSync(join(tmpdir(), 'mcpns-fuzz-'));
let counter = 0;

const operations = {
  /** input: { path (relative, decides the client dialect), text, env } — then what `mcpns servers` does with it. */
  config({ path, text, env }) {
    const dir = join(root, String(counter++));
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    try {
      const config = loadConfig({ configFiles: [file], cwd: dir, env: env ?? {}, home: dir });
      collectSecrets(config.servers);
      config.servers.forEach(summarizeServer);
      return `${config.servers.length} servers`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  catalog({ text }) {
    const catalog = parseCatalogText(text, 'fuzz.json');
    return `${catalog.tools.length} tools`;
  },
  argsJson({ text }) {
    return typeof parseArgumentsJson(text);
  },
  argsPairs({ pairs, schema }) {
    return typeof parseKeyValueArguments(pairs, schema);
  },
  extractJson({ text }) {
    const found = extractFirstJson(text);
    if (found && (found.start < 0 || found.end > text.length || found.start > found.end)) throw new Error(`offsets out of range: ${found.start}..${found.end}`);
    return found ? 'found' : 'none';
  },
  // For the guard's own test (guard.test.ts): a parser that never returns, one that is slow only the first time it
  // sees an input (a busy machine, as far as the guard can tell), and one that takes its thread down.
  spin() {
    for (;;);
  },
  slowFirstTime({ marker }) {
    if (existsSync(marker)) return 'fast the second time';
    writeFileSync(marker, '');
    for (;;);
  },
  die() {
    process.exit(3);
  },
};

parentPort.on('message', ({ id, op, input }) => {
  try {
    const detail = operations[op](input);
    parentPort.postMessage({ id, outcome: 'ok', detail });
  } catch (error) {
    const mcpns = error instanceof McpnsError;
    parentPort.postMessage({
      id,
      outcome: mcpns ? 'mcpns-error' : 'crash',
      code: mcpns ? error.code : undefined,
      location: mcpns ? error.location : undefined,
      message: String(error?.message ?? error),
      stack: mcpns ? undefined : String(error?.stack ?? error),
    });
  }
});
process.on?.('exit', () => rmSync(root, { recursive: true, force: true }));
parentPort.postMessage({ ready: true });
