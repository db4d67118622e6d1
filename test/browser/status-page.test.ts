/**
 * The status page of `serve --http` in headless Chromium (`npm run test:browser`; not part of `npm test`): what a user
 * sees — the servers, the tool count, a hostile server name shown as text (no script of it runs), a call made by an
 * SDK client appearing live, an upstream that dies shown restarted — with no CSP violation (the page's own script runs under its nonce), and a page of
 * another origin unable to read the status. Saves the screenshot docs/serve.md shows (docs/img/status-page.png).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { HOSTILE_SERVER, startStatusGateway } from '../helpers/status-gateway.js';
import { makeTempDir } from '../helpers/temp.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WAIT = 60_000;

describe('status page in Chromium', () => {
  let gateway: Awaited<ReturnType<typeof startStatusGateway>>;
  let browser: BrowserContext;

  beforeAll(async () => {
    gateway = await startStatusGateway();
    browser = await chromium.launchPersistentContext(makeTempDir('mcpns-chromium-'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1100, height: 760 },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('shows servers, tools and a call as it happens; a hostile name stays text', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(`${gateway.base}/`);
    await expect.poll(() => page.textContent('#live'), { timeout: WAIT }).toMatch(/^live · updated/);
    expect(await page.textContent('#summary')).toBe('34 tools from 2 of 2 servers up');
    const servers = await page.locator('#servers tr td:first-child').allTextContents();
    expect(servers).toEqual(['docs', HOSTILE_SERVER]);
    expect(await page.locator('#servers script').count()).toBe(0);
    expect(await page.locator('#tools tr').count()).toBe(34);

    const client = new Client({ name: 'browser-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(gateway.mcp)));
    await client.callTool({ name: 'docs__echo', arguments: { text: 'never-shown-argument' } });
    await client.callTool({ name: 'docs__fail', arguments: {} });
    await client.close();
    await expect.poll(() => page.locator('#activity tr td:nth-child(2)').allTextContents(), { timeout: WAIT }).toEqual(['docs__fail', 'docs__echo']);
    expect(await page.locator('#activity tr td:nth-child(4)').allTextContents()).toEqual(['isError', 'ok']);
    expect(await page.content()).not.toContain('never-shown-argument');

    mkdirSync(join(REPO_ROOT, 'docs', 'img'), { recursive: true });
    await page.screenshot({ path: join(REPO_ROOT, 'docs', 'img', 'status-page.png'), clip: { x: 0, y: 0, width: 1100, height: 760 } });

    // An upstream that dies mid-call: the page shows it restarted (and the event), without a reload.
    const again = new Client({ name: 'browser-test', version: '1' });
    await again.connect(new StreamableHTTPClientTransport(new URL(gateway.mcp)));
    await again.callTool({ name: 'docs__crash', arguments: {} }).catch(() => undefined);
    await again.close();
    await expect.poll(() => page.locator('#servers tr:first-child td:nth-child(5)').textContent(), { timeout: WAIT }).toBe('1');
    expect(await page.locator('#events tr td:nth-child(3)').allTextContents()).toContain('upstream-lost');
    expect(problems).toEqual([]);
  });

  it('a page of another origin cannot read the status', async () => {
    // localhost and 127.0.0.1 are different origins: the gateway sends no CORS header, so the browser keeps it out.
    const other: Server = createServer((_req, res) => res.end('<!doctype html><title>other</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as { port: number }).port;
      const page = await browser.newPage();
      await page.goto(`http://localhost:${port}/`);
      const outcome = await page.evaluate(async (url) => {
        try {
          const response = await fetch(url);
          return `read ${response.status}: ${(await response.text()).slice(0, 40)}`;
        } catch (error) {
          return `blocked: ${String(error)}`;
        }
      }, `${gateway.base}/status.json`);
      expect(outcome).toMatch(/^blocked/);
    } finally {
      // Chromium keeps its connection alive: closed here, or close() would wait for its idle timeout.
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
