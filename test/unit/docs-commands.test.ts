/** The README's command table names every command of the manifest, in its order (issue 25 §4.11: `init` was missing). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

describe('README command table', () => {
  it('has one row per command of src/cli/commands/index.ts, in the same order', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n\n', readme.indexOf('| command |')));
    const rows = [...table.matchAll(/^\| `mcpns ([\w-]+)/gm)].map((match) => match[1]);
    expect(rows).toEqual(COMMANDS.map((command) => command.name));
  });
});
