/**
 * The status page of `serve --http` in headless Chromium (`npm run test:browser`; not part of `npm test`): what a user
 * sees — the servers, the tool count, the findings and the name each client shows each tool, a hostile server name
 * shown as text (no script of it runs), a call made by an SDK client appearing live, a reload bringing a server whose
 * long name Gemini CLI cuts (its finding and names appear live), an upstream that dies shown restarted — with no CSP
 * violation (the page's own script runs under its nonce), and a page of another origin unable to read the status.
 * Saves the screenshot docs/serve.md shows (docs/img/status-page.png).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { HOSTILE_SERVER, startStatusGateway, upstreamEntry } from '../helpers/status-gateway.js';
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
const LONG = 'get_cost_and_usage_comparisons_with_forecast';

/** The tools table as text: its header, and each row's cells by the first (the exposed name). */
async function toolsTable(page: Page): Promise<{ header: string[]; rows: Map<string, string[]> }> {
  const header = await page.locator('table:has(#tools) th').allTextContents();
  const cells = await page.$$eval('#tools tr', (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
  return { header, rows: new Map(cells.map((row) => [row[0]!, row])) };
}

describe('status page in Chromium', () => {
  let gateway: Awaited<ReturnType<typeof startStatusGateway>>;
  let browser: BrowserContext;

  beforeAll(async () => {
    gateway = await startStatusGateway({ args: ['--for', 'gemini-cli', '--no-watch'] });
    browser = await chromium.launchPersistentContext(makeTempDir('mcpns-chromium-'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1400, height: 900 },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it("shows servers, findings, each client's names and a call as it happens; a reload shows live; a hostile name stays text", async () => {
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
    expect(await page.textContent('#summary')).toMatch(/^34 tools from 2 of 2 servers up · /);
    const servers = await page.locator('#servers tr td:first-child').allTextContents();
    expect(servers).toEqual(['docs', HOSTILE_SERVER]);
    expect(await page.locator('#servers script').count()).toBe(0);
    expect(await page.locator('#tools tr').count()).toBe(34);

    // Findings, worded by their rules: the two servers share every tool (one grouped finding, the hostile key as text).
    const shared = page.locator('#findings tr', { hasText: 'SHADOWED_TOOL' });
    await expect.poll(() => shared.count(), { timeout: WAIT }).toBe(1);
    expect(await shared.locator('td:nth-child(1)').textContent()).toBe('info');
    expect(await shared.locator('td:nth-child(5)').textContent()).toContain(`${HOSTILE_SERVER} and docs share 17 tools`);
    expect(await page.locator('#findings script').count()).toBe(0);
    // The name each client shows: a line per distinct name, with the clients that show it.
    const before = await toolsTable(page);
    expect(before.header).toEqual(['exposed name', 'server', 'tool', 'title', 'as each client shows it']);
    expect(before.rows.get('docs__echo')![4]!.split('\n')).toEqual([
      'claude-code, codex: mcp__mcpns__docs__echo',
      'gemini-cli, cursor, vscode: mcp_mcpns_docs__echo',
      'opencode: mcpns_docs__echo',
    ]);

    const client = new Client({ name: 'browser-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(gateway.mcp)));
    await client.callTool({ name: 'docs__echo', arguments: { text: 'never-shown-argument' } });
    await client.callTool({ name: 'docs__fail', arguments: {} });
    await client.close();
    await expect.poll(() => page.locator('#activity tr td:nth-child(2)').allTextContents(), { timeout: WAIT }).toEqual(['docs__fail', 'docs__echo']);
    expect(await page.locator('#activity tr td:nth-child(4)').allTextContents()).toEqual(['isError', 'ok']);
    expect(await page.content()).not.toContain('never-shown-argument');

    // A reload brings a server with a tool whose name Gemini CLI cuts at 63: its finding and names appear, live.
    gateway.reload({ 'awslabs-billing-cost-management': upstreamEntry('billing', [{ name: LONG, description: 'Compares costs with the forecast.' }]) });
    await expect.poll(() => page.textContent('#summary'), { timeout: WAIT }).toMatch(/^52 tools from 3 of 3 servers up · /);
    const cut = page.locator('#findings tr', { hasText: 'NAME_SHORTENED' });
    await expect.poll(() => cut.locator('td:nth-child(4)').allTextContents(), { timeout: WAIT }).toEqual([`awslabs-billing-cost-management/${LONG}`]);
    expect(await cut.locator('td:nth-child(3)').textContent()).toBe('gemini-cli');
    expect(await cut.locator('td:nth-child(5)').textContent()).toContain('"mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast"');
    await expect
      .poll(async () => (await toolsTable(page)).rows.get(`awslabs-billing-cost-management__${LONG}`)?.[4]?.split('\n'), { timeout: WAIT })
      .toContain('gemini-cli: mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast (cut from 87 characters)');
    expect(await shared.locator('td:nth-child(5)').textContent()).toContain('share 17 tools');

    mkdirSync(join(REPO_ROOT, 'docs', 'img'), { recursive: true });
    await page.screenshot({ path: join(REPO_ROOT, 'docs', 'img', 'status-page.png'), clip: { x: 0, y: 0, width: 1400, height: 900 } });
    // The tools table further down: each client's names (the long one cut by Gemini CLI among them).
    // (The page is at its top: the box is in page coordinates.)
    const tools = (await page.locator('table:has(#tools)').boundingBox())!;
    await page.screenshot({
      path: join(REPO_ROOT, 'docs', 'img', 'status-page-names.png'),
      fullPage: true,
      clip: { x: 0, y: tools.y - 40, width: 1400, height: 520 },
    });

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
