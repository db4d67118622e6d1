import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible embeddings endpoint on 127.0.0.1 with deterministic vectors: a bag of words hashed into 64
 * dimensions, where the words of each `same` group share one dimension (so "automobile" is near "car" by meaning,
 * which no lexical ranking knows). `mode` makes it fail the ways an endpoint fails.
 */
export interface FakeEmbeddings {
  url: string;
  /** Every request's model, input and Authorization header. */
  requests: Array<{ model: string; input: string[]; authorization: string | undefined }>;
  mode: 'ok' | 'error' | 'hang' | 'garbage' | 'short';
  close(): Promise<void>;
}

const DIMENSIONS = 64;

/** The fake's vectors: a bag of words hashed into 64 dimensions, each `same` group sharing its first word's dimension. */
export function bagOfWords(same: string[][] = []): (text: string) => number[] {
  const canonical = new Map(same.flatMap((group) => group.map((word) => [word, group[0]!] as const)));
  return (text) => {
    const out = new Array<number>(DIMENSIONS).fill(0);
    for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      const word = canonical.get(raw) ?? raw;
      let hash = 7;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
      out[hash % DIMENSIONS]! += 1;
    }
    return out;
  };
}

export async function startFakeEmbeddings(same: string[][] = []): Promise<FakeEmbeddings> {
  const vector = bagOfWords(same);
  const hanging = new Set<import('node:http').ServerResponse>();
  const fake: FakeEmbeddings = {
    url: '',
    requests: [],
    mode: 'ok',
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      fake.requests.push({ model: parsed.model, input: parsed.input, authorization: request.headers.authorization });
      if (fake.mode === 'hang') return void hanging.add(response);
      if (fake.mode === 'error') return void response.writeHead(500).end('{"error":"boom"}');
      if (fake.mode === 'garbage') return void response.writeHead(200, { 'content-type': 'application/json' }).end('not json');
      const data = (fake.mode === 'short' ? parsed.input.slice(1) : parsed.input).map((text, index) => ({
        object: 'embedding',
        index,
        embedding: vector(text),
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: parsed.model }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
