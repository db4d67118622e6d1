/**
 * Shell completion (issue 25 §5): the candidates come from commander's declarations of every command (a test here
 * holds every command and every option of `mcpns --help` to them), mcpns's tables (presets, styles, clients, codes)
 * and the config the command line would read; the bash script is run by bash as its completion would, and the fish
 * one by fish's own `complete -C` where fish is installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { ALL_CODES } from '../../src/checks/codes.js';
import { listTargets } from '../../src/naming/index.js';
import { runCli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const complete = async (words: string[], cwd = REPO_ROOT): Promise<string[]> => {
  const run = await runCli(['completion', '--complete', '--', ...words], { cwd });
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').filter(Boolean);
};
const valuesOf = (lines: string[]): string[] => lines.map((line) => line.split('\t')[0]!);

describe('mcpns completion --complete', () => {
  it('completes every command of the manifest, with its description', async () => {
    const commands = valuesOf(await complete(['']));
    expect(commands.filter((name) => name !== 'help')).toEqual(COMMANDS.map((command) => command.name));
    expect(await complete(['li'])).toEqual([
      'list\tdiscover tools from the configured servers and print the namespaced catalog',
      expect.stringMatching(/^lint\t/),
    ]);
    expect(valuesOf(await complete(['plan', '']))).toEqual(['validate', 'schema', 'help']);
    expect(valuesOf(await complete(['auth', 'st']))).toEqual(['status']);
  });

  it("completes a command's options as --help lists them (and only its own)", async () => {
    const help = await runCli(['check', '--help']);
    const listed = [...help.stdout.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((match) => match[1]);
    const offered = valuesOf(await complete(['check', '-'])); // a lone "-" offers the long spellings
    expect(offered.sort()).toEqual([...new Set(listed)].sort());
    expect(offered).toContain('--report');
    expect(valuesOf(await complete(['check', '--fa'])).sort()).toEqual(['--fail-fast', '--fail-on']);
    expect(valuesOf(await complete(['servers', '--fa']))).toEqual([]);
    expect(valuesOf(await complete(['list', '-c']))).toEqual(['-c']);
  });

  it('completes option values: choices, presets, styles, clients, codes, comma lists and --flag=value', async () => {
    expect(await complete(['check', '--fail-on', ''])).toEqual(['error', 'warning', 'never']);
    expect(await complete(['check', '--format', 's'])).toEqual(['sarif']);
    const presets = listTargets().filter((target) => target.kind !== 'style');
    expect(await complete(['check', '--preset', ''])).toEqual(presets.map((target) => target.id));
    expect(await complete(['list', '--style', 'd'])).toEqual(
      listTargets()
        .filter((target) => target.kind === 'style' && target.id.startsWith('d'))
        .map((target) => target.id),
    );
    expect(await complete(['check', '--preset', 'claude-code,code'])).toEqual(['claude-code,codex']);
    // serve: --for takes one client preset, --as the gateway's key (its default offered), --style a style.
    expect(await complete(['serve', '--for', ''])).toEqual(presets.map((target) => target.id));
    expect(await complete(['serve', '--for', 'cl'])).toEqual(presets.filter((target) => target.id.startsWith('cl')).map((target) => target.id));
    expect(await complete(['serve', '--for=code'])).toEqual(['--for=codex']);
    expect(await complete(['serve', '--as', ''])).toEqual(['mcpns']);
    expect(await complete(['check', '--preset=claude-c'])).toEqual(['--preset=claude-code']);
    expect(await complete(['list', '--client', 'ge'])).toEqual(['gemini-cli']);
    expect(await complete(['check', '--ignore', 'NAME_T'])).toEqual(ALL_CODES.filter((code) => code.startsWith('NAME_T')));
    expect(await complete(['check', '--ignore', 'SHADOWED_TOOL,SHADOWED'])).toEqual([]);
    // A value is never taken for a subcommand or an option.
    expect(await complete(['list', '--profile', 'list', '--sc'])).toEqual([expect.stringMatching(/^--scan\t/)]);
  });

  it('asks the shell for file names where a file goes', async () => {
    for (const words of [
      ['check', '-o', ''],
      ['list', '--catalog', 'fix'],
      ['diff', ''],
      ['plan', 'validate', ''],
      ['check', '--config='],
    ]) {
      expect(await complete(words), words.join(' ')).toEqual(['__mcpns_files__']);
    }
  });

  it('completes server and profile names from the config the command line would read, starting nothing', async () => {
    expect(await complete(['list', '--server', ''])).toEqual(['atlassian', 'calculator', 'files', 'math-service', 'memory', 'weather']);
    expect(await complete(['call', 'x', '--profile', ''])).toEqual(['router', 'single', 'team']);
    expect(await complete(['list', '-c', 'fixtures/configs/execute.mcpns.json', '--server', ''])).toEqual(['assistant', 'long-running']);
    expect(await complete(['list', '--server', 'calculator,m'])).toEqual(['calculator,math-service', 'calculator,memory']);
    // No config, or a broken one: nothing to offer, and nothing printed on stderr.
    const empty = makeTempDir('mcpns-complete-');
    expect(await complete(['list', '--server', ''], empty)).toEqual([]);
    writeFileSync(join(empty, 'mcpns.config.json'), '{ broken');
    expect(await complete(['list', '--server', ''], empty)).toEqual([]);
  });

  it('prints a script per shell and refuses anything else', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const run = await runCli(['completion', shell]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('mcpns completion --complete --');
    }
    expect(await complete(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    const wrong = await runCli(['completion', 'tcsh']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('name one shell: mcpns completion bash|zsh|fish (got "tcsh")');
    expect((await runCli(['completion'])).code).toBe(2);
  });
});

/** A directory with `mcpns` on it, running this checkout's built bin (as an installed mcpns would be). */
function binDir(): string {
  const dir = makeTempDir('mcpns-complete-bin-');
  writeFileSync(join(dir, 'mcpns'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, 'bin', 'mcpns.js')}" "$@"\n`);
  chmodSync(join(dir, 'mcpns'), 0o755);
  return dir;
}

const hasShell = (shell: string): boolean => {
  try {
    execFileSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function shell(file: string, args: string[], cwd = REPO_ROOT): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      file,
      args,
      { cwd, env: { ...process.env, PATH: `${binDir()}:${process.env['PATH']}`, NO_COLOR: '1' }, timeout: 90_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${file} failed: ${stderr}`)) : resolve(stdout)),
    ),
  );
}

describe('the completion scripts in their shells', () => {
  /** What bash's completion puts in COMPREPLY for a command line typed up to its end. */
  const bashComplete = async (line: string): Promise<string[]> => {
    const script = makeTempDir('mcpns-bash-');
    writeFileSync(join(script, 'completion.bash'), (await runCli(['completion', 'bash'])).stdout);
    const driver = [
      `source ${JSON.stringify(join(script, 'completion.bash'))}`,
      `COMP_LINE=${JSON.stringify(line)}; COMP_POINT=${line.length}`,
      // bash splits words at COMP_WORDBREAKS (= among them): the word being completed is what follows the last break
      `COMP_WORDS=(${line
        .split(/\s+/)
        .flatMap((word) => word.split(/(=)/))
        .filter((word) => word !== '')
        .map((word) => JSON.stringify(word))
        .join(' ')}${/\s$/.test(line) ? ' ""' : ''})`,
      'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))',
      '_mcpns',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    return (await shell('bash', ['-c', driver])).split('\n').filter(Boolean);
  };

  it('bash: commands, options, values and --flag=value', async () => {
    expect(await bashComplete('mcpns li')).toEqual(['list', 'lint']);
    expect(await bashComplete('mcpns check --fail-on w')).toEqual(['warning']);
    expect(await bashComplete('mcpns check --preset claude-code,cod')).toEqual(['claude-code,codex']);
    expect(await bashComplete('mcpns check --preset=claude-c')).toEqual(['claude-code']);
    expect(await bashComplete('mcpns list --server ca')).toEqual(['calculator']);
    expect(await bashComplete('mcpns check --catalog fixtures/catalogs/dem')).toEqual(['fixtures/catalogs/demo.json']);
  });

  it.skipIf(!hasShell('fish'))(
    'fish: complete -C gives the same candidates, with descriptions',
    async () => {
      const script = makeTempDir('mcpns-fish-');
      writeFileSync(join(script, 'mcpns.fish'), (await runCli(['completion', 'fish'])).stdout);
      const fish = async (line: string): Promise<string[]> =>
        (await shell('fish', ['--no-config', '-c', `source ${JSON.stringify(join(script, 'mcpns.fish'))}; complete -C ${JSON.stringify(line)}`]))
          .split('\n')
          .filter(Boolean);
      // fish sorts what it shows
      expect(await fish('mcpns li')).toEqual([
        expect.stringMatching(/^lint\t/),
        'list\tdiscover tools from the configured servers and print the namespaced catalog',
      ]);
      expect(await fish('mcpns list --server ca')).toEqual(['calculator']);
      expect(await fish('mcpns check --catalog fixtures/catalogs/dem')).toEqual(['fixtures/catalogs/demo.json']);
    },
    60_000,
  );

  it.skipIf(!hasShell('zsh'))('zsh: the script parses', async () => {
    const script = makeTempDir('mcpns-zsh-');
    writeFileSync(join(script, '_mcpns'), (await runCli(['completion', 'zsh'])).stdout);
    await shell('zsh', ['-n', join(script, '_mcpns')]);
  });
});

describe('the top-level help', () => {
  it('names the gateway: its summary, the serve command with --for and --http, and its docs', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('serve them all to a client through one gateway (mcpns serve)'); // wrapped to the width
    expect(help.stdout).toMatch(/^The gateway: mcpns serve --for <client> .*--http/m);
    expect(help.stdout).toContain('docs/serve.md');
  });
});
