/**
 * Hostile text for the hardening suites: strings that would drive a terminal (ANSI CSI/OSC escapes, C1 controls),
 * reorder what a reviewer reads (bidi overrides) or hide text (zero-width characters), and a catalog built from them.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../helpers/temp.js';

const ESC = '\u001b';
const BEL = '\u0007';

/** Every kind of dangerous character the terminal suite looks for, appended to `base`. */
export function evil(base: string): string {
  return (
    `${base}${ESC}[31mRED${ESC}[0m` + // CSI colour
    `${ESC}]8;;https://evil.example${BEL}link${ESC}]8;;${BEL}` + // OSC 8 hyperlink
    `${ESC}]0;title${BEL}` + // OSC 0 window title
    `\u009b2J\u0085` + // C1 CSI, C1 NEL
    `\u202eRLO\u2066LRI\u2069` + // bidi override, isolate
    `\u200bZW\u200dJ\ufeffBOM` + // zero-width space/joiner, BOM
    `\u007f`
  );
}

/** Characters that must never reach a terminal raw (ESC, other C0 except \t \n \r, DEL, C1, bidi, zero-width). */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/** The unsafe characters in `text` as U+XXXX strings (empty when the text is safe to print). */
export function unsafeCharacters(text: string): string[] {
  return [...new Set([...text.matchAll(UNSAFE)].map((match) => `U+${match[0].codePointAt(0)!.toString(16).padStart(4, '0')}`))];
}

export interface HostileCatalog {
  dir: string;
  /** Catalog files: v1 and v2 (v2 adds a tool and a required property, so `diff` has findings to print). */
  v1: string;
  v2: string;
  /** The exact hostile strings, for comparing JSON output. */
  names: { server: string; failed: string; tool: string; title: string; description: string; property: string; errorMessage: string };
  cleanup(): void;
}

/** Write two versions of a catalog whose server names, tool names, titles and descriptions are hostile. */
export function writeHostileCatalogs(): HostileCatalog {
  const dir = makeTempDir('mcpns-hostile-');
  const names = {
    server: evil('srv'),
    failed: evil('broken'),
    tool: evil('tool'),
    title: evil('Title'),
    description: evil('desc'),
    property: evil('prop'),
    errorMessage: evil('message'),
  };
  const build = (version: 1 | 2): unknown => {
    const servers = [
      { name: names.server, transport: 'stdio', source: 'mcpns.config.json', status: 'ok', serverInfo: { name: evil('info'), version: '1.0.0' }, toolCount: 2 },
      { name: 'plain', transport: 'stdio', source: 'mcpns.config.json', status: 'ok', toolCount: version === 1 ? 1 : 2 },
      {
        name: names.failed,
        transport: 'stdio',
        source: 'mcpns.config.json',
        status: 'error',
        error: { code: 'SPAWN_FAILED', message: names.errorMessage },
        toolCount: 0,
      },
    ];
    const tools: Array<Record<string, unknown>> = [
      {
        server: names.server,
        name: names.tool,
        title: names.title,
        description: names.description + (version === 2 ? ' (v2)' : ''),
        inputSchema: {
          type: 'object',
          properties: { [names.property]: { type: 'string', description: evil('property description') } },
          ...(version === 2 ? { required: [names.property] } : {}),
        },
        annotations: { title: evil('annotation'), readOnlyHint: true },
      },
      {
        server: names.server,
        name: 'add',
        description: evil('adds'),
        inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
        annotations: { readOnlyHint: true },
      },
      {
        server: 'plain',
        name: 'echo',
        description: evil('echo'),
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ];
    if (version === 2) tools.push({ server: 'plain', name: evil('new'), description: evil('new tool'), inputSchema: { type: 'object' } });
    const byKey = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    servers.sort(byKey);
    tools.sort((a, b) =>
      a['server'] === b['server'] ? byKey(a as { name: string }, b as { name: string }) : String(a['server']) < String(b['server']) ? -1 : 1,
    );
    return { schemaVersion: 1, generatedAt: '2026-01-01T00:00:00.000Z', style: 'slash', servers, tools };
  };
  const v1 = join(dir, 'hostile-v1.json');
  const v2 = join(dir, 'hostile-v2.json');
  writeFileSync(v1, JSON.stringify(build(1), null, 2));
  writeFileSync(v2, JSON.stringify(build(2), null, 2));
  return { dir, v1, v2, names, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
