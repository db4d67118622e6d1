/** Raw HTTP for the gateway's tests: requests fetch() would not let a test forge (Host, latin-1 bytes). */
import { request as httpRequest } from 'node:http';

/** A raw HTTP request (headers fetch() would not let us forge, such as Host). */
export function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: init.method ?? 'POST', headers: init.headers ?? {} },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** An initialize request of the 2025-11-25 revision. */
export const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
