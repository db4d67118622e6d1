import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const text = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const config = (await import(pathToFileURL(resolve(root, '.dependency-cruiser.mjs')).href)) as { LAYERS: string[][]; CLI_LAYERS: string[][] };

/** The units of each row of the table under "## Layers", lowest first. */
function documentedLayers(): string[][] {
  const section = text.split(/^## /m).find((part) => part.startsWith('Layers'))!;
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => line.split('|')[2]!.trim().split(' · '));
}

describe('docs/architecture.md', () => {
  it('shows the layers that npm run lint enforces (.dependency-cruiser.mjs), in order', () => {
    expect(documentedLayers()).toEqual(config.LAYERS);
  });

  it('eslint.config.js announces the same order', () => {
    const line = /^\/\/ layers: (.*)$/m.exec(readFileSync(resolve(root, 'eslint.config.js'), 'utf8'))?.[1];
    expect(line?.split(' < ').map((layer) => layer.split(' | '))).toEqual(config.LAYERS);
  });

  it("names src/cli's inner layers in order", () => {
    const names = config.CLI_LAYERS.flat().map((unit) => (unit === 'cli/entry' ? 'the entry' : `\`${unit.slice('cli/'.length)}/\``));
    const positions = names.map((name) => text.indexOf(name, text.indexOf('Inside `src/cli`')));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
