// The GitHub Action's one step that runs mcpns (action.yml; docs/ci.md "CI recipe"). A runner gives it the action's
// inputs as INPUT_* variables (action.yml maps them: a composite action's steps get none of their own), and the
// files GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. It runs mcpns once; a report command (check, check-conflicts, lint,
// diff) prints GitHub annotations on stdout (the runner turns them into PR annotations) and writes, from the same
// run, the Markdown job summary, the JSON report (its counts become outputs) and, when asked, SARIF. It exits 0
// whenever mcpns ran, whatever it found: action.yml uploads the SARIF first and fails the job after, with mcpns's
// exit code. Only Node's own modules: the action may run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPORT_COMMANDS = new Set(['check', 'check-conflicts', 'lint', 'diff']);
/** A step summary is at most 1 MiB; mcpns's output in it is cut well before. */
const SUMMARY_OUTPUT_LIMIT = 64 * 1024;
const STDERR_TAIL_LIMIT = 8 * 1024;

const input = (name, fallback = '') => (process.env[`INPUT_${name.toUpperCase().replaceAll('-', '_')}`] ?? '').trim() || fallback;
const flag = (name, fallback) => {
  const value = input(name, fallback).toLowerCase();
  if (value !== 'true' && value !== 'false') fail(`input ${name} must be true or false, got "${value}"`);
  return value === 'true';
};

function fail(message) {
  process.stdout.write(`::error title=mcpns action::${escapeData(message)}\n`);
  process.exit(2);
}

/** Workflow-command data escaping (the runner's rules: %, CR and LF). */
function escapeData(text) {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** `args`: one argument per line when it has several lines (arguments with spaces), else split at whitespace. */
function splitArgs(text) {
  if (!text) return [];
  return text.includes('\n')
    ? text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : text.split(/\s+/).filter(Boolean);
}

/** Append `name=value` to GITHUB_OUTPUT (a heredoc when the value has a newline). */
function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const text = String(value);
  if (!text.includes('\n')) return appendFileSync(file, `${name}=${text}\n`);
  const delimiter = `mcpns_${Math.random().toString(36).slice(2)}`;
  appendFileSync(file, `${name}<<${delimiter}\n${text}\n${delimiter}\n`);
}

function addSummary(markdown) {
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/** A fenced block that no line of `text` can close. */
function fenced(text, language = 'text') {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.endsWith('\n') ? text : `${text}\n`}${fence}\n`;
}

function cut(text, limit) {
  const bytes = Buffer.byteLength(text);
  return bytes <= limit ? text : `${Buffer.from(text).subarray(0, limit).toString('utf8')}\n… (${bytes - limit} more bytes in the job log)\n`;
}

/**
 * The mcpns to run: the `mcpns` input (a bin, or a .js file run with this Node), else the one the project has
 * installed (node_modules/.bin/mcpns, e.g. from a packed tarball), else the action's own checkout, built on first use.
 */
function locateMcpns(workdir) {
  const given = input('mcpns');
  if (given) {
    const path = resolve(workdir, given);
    if (!existsSync(path)) fail(`input mcpns: ${given} does not exist`);
    return path.endsWith('.js') ? [process.execPath, path] : [path];
  }
  const installed = join(workdir, 'node_modules', '.bin', 'mcpns');
  if (existsSync(installed)) return [installed];
  const actionPath = process.env.GITHUB_ACTION_PATH || fileURLToPath(new URL('..', import.meta.url));
  if (!existsSync(join(actionPath, 'dist', 'cli-bundle', 'index.js'))) {
    // A checkout of the repository (uses: owner/mcpns@ref): install and build it once (prepare builds dist/).
    process.stdout.write('::group::Building mcpns from the action checkout (npm ci)\n');
    const built = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: actionPath, stdio: ['ignore', 'inherit', 'inherit'] });
    process.stdout.write('::endgroup::\n');
    if (built.status !== 0) fail(`npm ci in ${actionPath} failed (exit ${built.status ?? built.signal})`);
  }
  return [process.execPath, join(actionPath, 'bin', 'mcpns.js')];
}

function run(argv, cwd) {
  return new Promise((done) => {
    const [file, ...rest] = argv;
    const child = spawn(file, rest, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (stdout.length <= SUMMARY_OUTPUT_LIMIT) stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk).slice(-STDERR_TAIL_LIMIT);
    });
    child.on('error', (error) => done({ code: 2, stdout, stderr: `${stderr}${error.message}\n` }));
    child.on('close', (code, signal) => done({ code: code ?? 128 + (signal === 'SIGTERM' ? 15 : signal === 'SIGINT' ? 2 : 1), stdout, stderr }));
  });
}

const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
const workdir = resolve(workspace, input('working-directory', '.'));
const command = input('command', 'check');
if (!/^[a-z][a-z-]*$/.test(command)) fail(`input command must be an mcpns command such as check, got "${command}"`);
const args = splitArgs(input('args'));
const annotations = flag('annotations', 'true');
const summary = flag('summary', 'true');
const sarif = flag('sarif', 'false');
const failOn = input('fail-on', 'error');
const temp = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'mcpns-'));
const reportFile = join(temp, 'report.json');
const summaryFile = join(temp, 'summary.md');
const sarifInput = input('sarif-file', 'mcpns.sarif');
const sarifFile = isAbsolute(sarifInput) ? sarifInput : resolve(workdir, sarifInput);

const reporting = REPORT_COMMANDS.has(command);
const argv = [
  command,
  ...args,
  ...(reporting
    ? [
        '--format',
        annotations ? 'github' : 'text',
        '--fail-on',
        failOn,
        '--report',
        `json=${reportFile}`,
        '--report',
        `markdown=${summaryFile}`,
        ...(sarif ? ['--report', `sarif=${sarifFile}`] : []),
      ]
    : []),
];
const mcpns = locateMcpns(workdir);
process.stdout.write(`mcpns ${argv.join(' ')}\n`);
// Only a report command's annotations are workflow commands: any other output (a server's tool descriptions in
// `list`) is not read as one, whatever its lines start with.
const stopToken = reporting ? undefined : `mcpns-${randomBytes(16).toString('hex')}`;
if (stopToken) process.stdout.write(`::stop-commands::${stopToken}\n`);
const result = await run([...mcpns, ...argv], workdir);
if (stopToken) process.stdout.write(`::${stopToken}::\n`);

const wroteReport = reporting && existsSync(reportFile);
setOutput('exit-code', result.code);
if (wroteReport) {
  const counts = JSON.parse(readFileSync(reportFile, 'utf8')).summary ?? {};
  setOutput('errors', counts.error ?? 0);
  setOutput('warnings', counts.warning ?? 0);
  setOutput('infos', counts.info ?? 0);
  setOutput('report', reportFile);
  if (sarif && existsSync(sarifFile)) setOutput('sarif-file', sarifFile);
}
if (summary) {
  if (wroteReport && existsSync(summaryFile)) {
    addSummary(readFileSync(summaryFile, 'utf8'));
  } else {
    const shown = `mcpns ${[command, ...args].join(' ')}`;
    const status = result.code === 0 ? '✅' : '❌';
    const lines = [`## ${status} \`${shown.replaceAll('`', "'")}\` exited ${result.code}`, ''];
    if (result.stdout) lines.push(fenced(cut(result.stdout, SUMMARY_OUTPUT_LIMIT)));
    if (result.code !== 0 && result.stderr) lines.push('Last lines on stderr:', '', fenced(result.stderr.split('\n').slice(-20).join('\n')));
    addSummary(lines.join('\n'));
  }
}
