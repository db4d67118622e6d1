import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTargets } from '../../src/naming/index.js';

const text = readFileSync(resolve(import.meta.dirname, '../../docs/presets.md'), 'utf8');
/** The "checked against" table of docs/presets.md § Presets: preset id → its row. */
const rows = new Map<string, string>();
for (const line of text.split('\n')) {
  const match = /^\| (`[^|]+`) \|/.exec(line);
  if (!match) continue;
  for (const id of match[1]!.split(', ')) rows.set(id.replace(/`/g, ''), line);
}

describe('docs/presets.md: checked against', () => {
  const presets = listTargets().filter((target) => target.kind === 'preset');

  it('lists every preset once in the table', () => {
    expect([...rows.keys()].sort()).toEqual(presets.map((preset) => preset.id).sort());
  });

  it('gives the client version and date a preset was checked against, and says "—" for the others', () => {
    for (const preset of presets) {
      const row = rows.get(preset.id)!;
      const checked = row.split('|')[3]!.trim();
      if (preset.checkedAgainst) {
        expect(checked, preset.id).toContain(`${preset.checkedAgainst.version} (\`${preset.checkedAgainst.package}\`), ${preset.checkedAgainst.date}`);
      } else {
        expect(checked, preset.id).toMatch(/^—/);
      }
    }
  });
});
