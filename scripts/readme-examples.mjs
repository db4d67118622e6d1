#!/usr/bin/env node
// The README's (and the docs') command examples, run for real. Every fenced block that shows a command line (`$ …`)
// is preceded by a marker that says how to run it, or why it cannot run here:
//
//   <!-- example: [project=<dir>] [files=<a,b>] [setup="<command>"] [exit=<n[,n…]>] [env.NAME=<value>]
//                 [vary="<regex>"]… [maybe="<regex>"]… [unordered] [timeout=<ms>] -->
//   <!-- example: skip="<why it cannot run offline in a test>" -->
//
// Commands run with `sh` in the repository root (or, with `project`/`files`, in a fresh folder holding a copy of
// <dir>'s contents and of those repository files, with `fixtures/` linked in), `mcpns` and `npx mcpns` being this
// checkout's bin, HOME an empty folder of the run's own, NO_COLOR set, no progress lines for slow servers
// (MCPNS_PROGRESS_INTERVAL_MS=0: a matter of the machine's load), stdout and stderr on one pipe as on a terminal.
// `setup` runs first (its output is not shown). Each command's output is compared with the lines below it up to the
// next `$ ` line; a line holding only `…` stands for any number of lines. What truly varies is normalised: this
// checkout's path reads /path/to/mcpns, the project copy /path/to/project, the home folder /home/you; `vary`
// regular expressions mark more (dates, durations; a shown output still holding today's date after them is a problem
// of its own, so an unmarked date fails on the day it is written, not the day after), a line matching a `maybe` expression may be missing (a race the
// text around the block explains), and `unordered` lets consecutive `mcpns: …` messages (each with
// its indented lines) come in any order, for servers that finish concurrently.
//
// `node scripts/readme-examples.mjs` checks every example; `--update` writes each real output into its file
// (elisions kept: the lines before and after a `…` keep their count); file names narrow it, `--line N` too.
// test/e2e/readme-examples.test.ts runs the same check in `npm test`.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The documents whose examples are run: the front page, CONTRIBUTING.md and every page of docs/ (a new page is
 * included without being listed). CHANGELOG.md holds no examples.
 */
export const EXAMPLE_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

const MARKER = /^<!-- example:(.*)-->\s*$/;
const FENCE = /^```(\S*)\s*$/;
const ELISION = '…';
const PLACEHOLDER = { repo: '/path/to/mcpns', project: '/path/to/project', home: '/home/you' };
const DEFAULT_TIMEOUT_MS = 90_000;

/** `key=value key="quoted value" flag` → [[key, value]…] (a flag's value is true). */
function parseOptions(text) {
  const options = [];
  const pattern = /\s*([\w.-]+)(?:=(?:"((?:[^"\\]|\\.)*)"|(\S+)))?\s*/y;
  let at = 0;
  while (at < text.length && text.slice(at).trim()) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new Error(`cannot read the marker options at "${text.slice(at).trim()}"`);
    options.push([match[1], match[2] !== undefined ? match[2].replace(/\\"/g, '"') : (match[3] ?? true)]);
    at = pattern.lastIndex;
  }
  return options;
}

function markerOf(text) {
  const marker = { vary: [], maybe: [], env: {}, unordered: false };
  for (const [key, value] of parseOptions(text)) {
    if (key === 'vary') marker.vary.push(String(value));
    else if (key === 'maybe') marker.maybe.push(String(value));
    else if (key.startsWith('env.')) marker.env[key.slice(4)] = String(value);
    else if (key === 'unordered') marker.unordered = true;
    else if (key === 'exit') marker.exit = String(value).split(',').map(Number);
    else if (key === 'timeout') marker.timeoutMs = Number(value);
    else if (key === 'files') marker.files = String(value).split(',');
    else if (['skip', 'project', 'setup'].includes(key)) marker[key] = String(value);
    else throw new Error(`unknown marker option "${key}"`);
  }
  if (marker.skip !== undefined && !marker.skip.trim()) throw new Error('skip needs a reason: skip="…"');
  return marker;
}

/**
 * Every fenced block of `text` that shows a command (a line starting with `$ `): where it is, its marker (undefined
 * when there is none, or an `error` when it cannot be read) and its commands with the output shown under each.
 */
export function parseExamples(text, file) {
  const lines = text.split('\n');
  const examples = [];
  for (let index = 0; index < lines.length; index++) {
    if (!FENCE.test(lines[index])) continue;
    const start = index;
    let end = index + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    const body = lines.slice(start + 1, end);
    index = end;
    if (!body.some((line) => line.startsWith('$ '))) continue;
    const example = { file, line: start + 1, bodyStart: start + 1, bodyEnd: end, commands: [] };
    const previous = lines[start - 1] ?? '';
    const marker = MARKER.exec(previous);
    if (marker) {
      try {
        example.marker = markerOf(marker[1]);
      } catch (error) {
        example.markerError = error.message;
      }
    }
    for (const line of body) {
      if (line.startsWith('$ ')) example.commands.push({ command: line.slice(2), expected: [] });
      else if (example.commands.length) example.commands.at(-1).expected.push(line);
      else example.leading = true;
    }
    examples.push(example);
  }
  return examples;
}

/** This checkout's bin as `mcpns` on PATH. */
function shimDir() {
  const dir = mkdtempSync(join(tmpdir(), 'mcpns-readme-bin-'));
  const shim = join(dir, 'mcpns');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, 'bin', 'mcpns.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

function runShell(command, { cwd, env, timeoutMs }) {
  return new Promise((done) => {
    const child = spawn('/bin/sh', ['-c', `exec 2>&1\n${command}`], { cwd, env, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : 2), output: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
}

/** Run one example's commands in order; each result: {command, code, output (normalised), timedOut}. */
export async function runExample(example, { bin } = {}) {
  const marker = example.marker;
  const made = [];
  const temp = (prefix) => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
    made.push(dir);
    return dir;
  };
  const binDir = bin ?? shimDir();
  if (!bin) made.push(binDir);
  const home = temp('mcpns-readme-home-');
  let cwd = REPO_ROOT;
  if (marker.project !== undefined || marker.files !== undefined) {
    cwd = temp('mcpns-readme-project-');
    if (marker.project !== undefined) cpSync(join(REPO_ROOT, marker.project), cwd, { recursive: true });
    for (const file of marker.files ?? []) {
      mkdirSync(dirname(join(cwd, file)), { recursive: true });
      cpSync(join(REPO_ROOT, file), join(cwd, file), { recursive: true });
    }
    symlinkSync(join(REPO_ROOT, 'fixtures'), join(cwd, 'fixtures'), 'dir');
  }
  const env = {
    PATH: `${binDir}:${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    // No "discovering: … waiting for" lines: whether a server takes over a second depends on the machine's load.
    MCPNS_PROGRESS_INTERVAL_MS: '0',
    ...marker.env,
  };
  const timeoutMs = marker.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const places = { cwd, home };
  try {
    if (marker.setup) {
      const setup = await runShell(asShell(marker.setup), { cwd, env, timeoutMs });
      if (setup.code !== 0) return { setupFailed: `setup "${marker.setup}" exited ${setup.code}:\n${normalisePaths(setup.output, places)}`, commands: [] };
    }
    const commands = [];
    for (const { command } of example.commands) {
      const result = await runShell(asShell(command), { cwd, env, timeoutMs });
      commands.push({ command, code: result.code, timedOut: result.timedOut, output: normalisePaths(result.output, places) });
    }
    return { commands };
  } finally {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }
}

/** `npx mcpns …` runs this checkout's bin (npx itself would resolve and maybe rebuild it first). */
function asShell(command) {
  return command.replace(/(^|[;&|]\s*|\s)npx (?:-y |--yes )?mcpns\b/g, '$1mcpns');
}

function normalisePaths(output, { cwd, home }) {
  let text = output.replace(/\r\n/g, '\n');
  const swaps = [[home, PLACEHOLDER.home], ...(cwd !== REPO_ROOT ? [[cwd, PLACEHOLDER.project]] : []), [REPO_ROOT, PLACEHOLDER.repo]];
  for (const [path, shown] of swaps) text = text.split(path).join(shown);
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/**
 * Lines as compared: lines matching a `maybe` pattern go (they may or may not be printed), `vary` matches become
 * <varies>, trailing spaces go, and `unordered` sorts message runs.
 */
function comparable(lines, marker) {
  const maybe = marker.maybe.map((pattern) => new RegExp(pattern));
  let out = lines
    .filter((line) => !maybe.some((pattern) => pattern.test(line)))
    .map((line) => {
      let text = line.replace(/\s+$/, '');
      for (const pattern of marker.vary) text = text.replace(new RegExp(pattern, 'g'), '<varies>');
      return text;
    });
  if (marker.unordered) out = sortMessageRuns(out);
  return out;
}

/** Consecutive `mcpns: …` messages (each with the indented lines under it), sorted as blocks. */
function sortMessageRuns(lines) {
  const out = [];
  let run = [];
  const flush = () => {
    out.push(...run.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).flat());
    run = [];
  };
  for (const line of lines) {
    if (line.startsWith('mcpns: ')) run.push([line]);
    else if (run.length && /^\s/.test(line)) run.at(-1).push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out;
}

/** Whether `actual` matches `expected`, where a line `…` in expected matches any run of lines (even none). */
function matchLines(expected, actual) {
  const memo = new Map();
  const at = (i, j) => {
    const key = i * 100_003 + j;
    if (memo.has(key)) return memo.get(key);
    let result;
    if (i === expected.length) result = j === actual.length;
    else if (expected[i] === ELISION) result = at(i + 1, j) || (j < actual.length && at(i, j + 1));
    else result = j < actual.length && expected[i] === actual[j] && at(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return at(0, 0);
}

/**
 * How one example's run compares with what its block shows: a list of problems (empty when it matches), each with
 * the expected and actual text (normalised) for a readable diff.
 */
export function compareExample(example, run, options = {}) {
  if (run.setupFailed) return [{ problem: run.setupFailed }];
  const problems = [];
  const exits = example.marker.exit ?? [];
  example.commands.forEach((command, index) => {
    const result = run.commands[index];
    const expectedExit = exits.length > 1 ? exits[index] : (exits[0] ?? 0);
    if (result.timedOut) problems.push({ command: command.command, problem: 'timed out' });
    if (result.code !== expectedExit) problems.push({ command: command.command, problem: `exit ${result.code}, the marker says ${expectedExit}` });
    const expected = comparable(trimTrailingBlank(command.expected), example.marker);
    const actual = comparable(result.output, example.marker);
    const dated = datedLine(expected, options.today ?? todaysDates());
    if (dated !== undefined)
      problems.push({ command: command.command, problem: `prints today's date without a vary marker (it would differ tomorrow): ${dated}` });
    if (!matchLines(expected, actual))
      problems.push({ command: command.command, problem: 'output differs', expected: expected.join('\n'), actual: actual.join('\n') });
  });
  return problems;
}

/** Today's date as an example could print it (UTC and local time differ near midnight). */
function todaysDates() {
  const now = new Date();
  const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return [...new Set([now.toISOString().slice(0, 10), local])];
}

/**
 * The first line shown (elided lines are not) that still holds one of `dates` once the vary patterns have run: `--update`
 * wrote a date that will differ tomorrow.
 */
function datedLine(lines, dates) {
  return lines.find((line) => dates.some((date) => line.includes(date)));
}

function trimTrailingBlank(lines) {
  const out = [...lines];
  while (out.length && out.at(-1) === '') out.pop();
  return out;
}

/**
 * The block's new body: each command with its real output. An output that still matches stays as written; one with an
 * elision keeps it (the lines before and after the `…` keep their count); two elisions need a person (undefined).
 */
function updatedBody(example, run) {
  const body = [];
  for (const [index, command] of example.commands.entries()) {
    body.push(`$ ${command.command}`);
    const actual = run.commands[index].output;
    const expected = trimTrailingBlank(command.expected);
    const kept = command.expected.slice(expected.length);
    if (matchLines(comparable(expected, example.marker), comparable(actual, example.marker))) {
      body.push(...command.expected);
      continue;
    }
    const cuts = expected.filter((line) => line === ELISION).length;
    if (cuts > 1) return undefined;
    if (cuts === 0) body.push(...actual, ...kept);
    else {
      const cut = expected.indexOf(ELISION);
      const after = expected.length - cut - 1;
      body.push(...actual.slice(0, cut), ELISION, ...(after ? actual.slice(Math.max(cut, actual.length - after)) : []), ...kept);
    }
  }
  return body;
}

/** Run examples `concurrency` at a time; results in input order. */
export async function runExamples(examples, { concurrency = 3 } = {}) {
  const bin = shimDir();
  try {
    const results = new Array(examples.length);
    let next = 0;
    const worker = async () => {
      while (next < examples.length) {
        const index = next++;
        results[index] = await runExample(examples[index], { bin });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, examples.length)) }, worker));
    return results;
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

/** Every example of the example files, with the file's text. */
export function collectExamples(files = EXAMPLE_FILES) {
  return files.flatMap((file) => parseExamples(readFileSync(join(REPO_ROOT, file), 'utf8'), file));
}

async function cli(argv) {
  const update = argv.includes('--update');
  const lineAt = argv.indexOf('--line');
  const onlyLine = lineAt >= 0 ? Number(argv[lineAt + 1]) : undefined;
  const named = argv.filter((arg, index) => !arg.startsWith('--') && !(lineAt >= 0 && index === lineAt + 1));
  const files = named.length ? named : EXAMPLE_FILES;
  const examples = collectExamples(files);
  const unmarked = examples.filter((example) => !example.marker);
  for (const example of unmarked)
    console.error(`${example.file}:${example.line}: no <!-- example: … --> marker${example.markerError ? ` (${example.markerError})` : ''}`);
  const runnable = examples.filter((example) => example.marker && !example.marker.skip && (onlyLine === undefined || example.line === onlyLine));
  const runs = await runExamples(runnable, { concurrency: Number(process.env.README_EXAMPLES_CONCURRENCY ?? 3) });
  let failed = unmarked.length > 0;
  const edits = new Map();
  runnable.forEach((example, index) => {
    const problems = compareExample(example, runs[index]);
    const exitProblems = problems.filter((problem) => problem.problem !== 'output differs');
    const body = update && !runs[index].setupFailed ? updatedBody(example, runs[index]) : undefined;
    if (body) (edits.get(example.file) ?? edits.set(example.file, []).get(example.file)).push({ example, body });
    if (problems.length === 0) return console.log(`ok    ${example.file}:${example.line} ${example.commands[0].command}`);
    if (body && exitProblems.length === 0) return console.log(`wrote ${example.file}:${example.line} ${example.commands[0].command}`);
    if (update && !body) problems.push({ problem: 'two elisions (…) in one output: update it by hand' });
    failed = true;
    console.log(`FAIL  ${example.file}:${example.line} ${example.commands[0].command}`);
    for (const problem of problems) {
      console.log(`  ${problem.command ? `$ ${problem.command}: ` : ''}${problem.problem}`);
      if (problem.actual !== undefined && !update) console.log(`  --- shown\n${indent(problem.expected)}\n  --- real\n${indent(problem.actual)}`);
    }
  });
  for (const [file, list] of edits) {
    const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
    for (const { example, body } of list.sort((a, b) => b.example.bodyStart - a.example.bodyStart)) {
      lines.splice(example.bodyStart, example.bodyEnd - example.bodyStart, ...body);
    }
    writeFileSync(join(REPO_ROOT, file), lines.join('\n'));
  }
  const skipped = examples.filter((example) => example.marker?.skip);
  for (const example of skipped) console.log(`skip  ${example.file}:${example.line} ${example.commands[0].command} (${example.marker.skip})`);
  return failed ? 1 : 0;
}

function indent(text) {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv.slice(2));
}
