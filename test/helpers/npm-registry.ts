/**
 * A tiny npm registry on 127.0.0.1 for tests that run the real npx: one package, served as npm asks for it (the
 * packument at `/<name>`, the tarball at `/<name>/-/<file>`), so npx resolves, fetches and installs it exactly as from
 * registry.npmjs.org, without the network. `holdTarball` keeps tarball requests waiting (an install in progress).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { npmPack } from './npm-pack.js';
import { makeTempDir } from './temp.js';

export interface TestRegistry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** Settles when the first tarball request arrives (an install has begun). */
  tarballRequested: Promise<void>;
  /** Answer tarball requests from now on (and those waiting). */
  releaseTarballs(): void;
  close(): Promise<void>;
}

/** Pack a package from its files (package.json included) with `npm pack`. */
function pack(files: Record<string, string>): string {
  const dir = makeTempDir('mcpns-registry-pkg-');
  const source = join(dir, 'package');
  mkdirSync(source);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(source, name), text);
  return npmPack(source, dir);
}

export async function startTestRegistry(
  pkg: { name: string; version: string; files: Record<string, string> },
  options: { holdTarball?: boolean } = {},
): Promise<TestRegistry> {
  const tarball = readFileSync(
    pack({ 'package.json': JSON.stringify({ name: pkg.name, version: pkg.version, bin: { [pkg.name]: 'server.js' } }), ...pkg.files }),
  );
  const file = `${pkg.name}-${pkg.version}.tgz`;
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const shasum = createHash('sha1').update(tarball).digest('hex');
  let held = options.holdTarball ?? false;
  let requested!: () => void;
  const tarballRequested = new Promise<void>((resolve) => (requested = resolve));
  const waiting: ServerResponse[] = [];
  const sendTarball = (response: ServerResponse): void => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
    response.end(tarball);
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === `/${pkg.name}`) {
      const base = `http://${request.headers.host}/`;
      const manifest = {
        name: pkg.name,
        version: pkg.version,
        bin: { [pkg.name]: 'server.js' },
        dist: { tarball: `${base}${pkg.name}/-/${file}`, integrity, shasum },
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: pkg.name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: manifest } }));
    } else if (path === `/${pkg.name}/-/${basename(file)}`) {
      requested();
      if (held) waiting.push(response);
      else sendTarball(response);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    tarballRequested,
    releaseTarballs: () => {
      held = false;
      for (const response of waiting.splice(0)) sendTarball(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of waiting.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
