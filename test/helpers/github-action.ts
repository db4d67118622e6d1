/**
 * Runs a composite GitHub Action (action.yml) the way a runner does, on this machine: inputs with their defaults,
 * `${{ … }}` expressions, each step's `if:`, `env:` and `shell: bash` script (`bash --noprofile --norc -eo pipefail`),
 * the files GITHUB_OUTPUT and GITHUB_STEP_SUMMARY per step, and the action's `outputs:`. A `uses:` step is not run (it
 * is GitHub's, e.g. the SARIF upload): it is recorded with its evaluated `with:`. Expressions are the small subset
 * the action uses (`inputs.x`, `steps.id.outputs.x`, '…', ==, !=, &&); anything else fails the test, so the action
 * cannot grow an expression this runner would get wrong.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { makeTempDir } from './temp.js';

interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

interface ActionFile {
  inputs?: Record<string, { default?: string }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export interface StepRun {
  id?: string;
  name?: string;
  ran: boolean;
  uses?: string;
  with?: Record<string, string>;
  code?: number;
  stdout: string;
  stderr: string;
}

export interface ActionRun {
  steps: StepRun[];
  /** The action's outputs, as the workflow sees them. */
  outputs: Record<string, string>;
  /** The job summary: every step's GITHUB_STEP_SUMMARY, in order. */
  summary: string;
  /** Everything the steps printed on stdout (where workflow commands such as ::error are read). */
  stdout: string;
  /** The step that failed (non-zero exit), which fails the job. */
  failed?: StepRun;
}

export async function runCompositeAction(
  actionDir: string,
  inputs: Record<string, string>,
  options: { workspace: string; env?: Record<string, string> },
): Promise<ActionRun> {
  const action = parse(readFileSync(join(actionDir, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const unknown = Object.keys(inputs).filter((name) => !(name in (action.inputs ?? {})));
  if (unknown.length) throw new Error(`the action has no input ${unknown.join(', ')}`);
  const inputValues: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs ?? {})) inputValues[name] = inputs[name] ?? String(spec.default ?? '');
  const stepOutputs: Record<string, Record<string, string>> = {};
  const runnerDir = makeTempDir('mcpns-runner-');
  const runnerTemp = join(runnerDir, 'temp');
  mkdirSync(runnerTemp);
  const summaryFile = join(runnerDir, 'summary.md');
  writeFileSync(summaryFile, '');

  const operand = (text: string): string => {
    const literal = /^'((?:[^']|'')*)'$/.exec(text);
    if (literal) return (literal[1] as string).replaceAll("''", "'");
    const input = /^inputs\.([\w-]+)$/.exec(text);
    if (input) {
      if (!(input[1]! in inputValues)) throw new Error(`expression names unknown input ${input[1]}`);
      return inputValues[input[1]!] as string;
    }
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(text);
    if (output) return stepOutputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`expression not supported by the test runner: ${text}`);
  };
  const condition = (text: string): boolean =>
    text.split('&&').every((term) => {
      const comparison = /^\s*(.+?)\s*(==|!=)\s*(.+?)\s*$/.exec(term);
      if (!comparison) return operand(term.trim()) !== '';
      const equal = operand(comparison[1]!).toLowerCase() === operand(comparison[3]!).toLowerCase();
      return comparison[2] === '==' ? equal : !equal;
    });
  const expand = (text: string): string => String(text).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => operand(expression));

  const result: ActionRun = { steps: [], outputs: {}, summary: '', stdout: '' };
  for (const [index, step] of action.runs.steps.entries()) {
    const record: StepRun = { ...(step.id ? { id: step.id } : {}), ...(step.name ? { name: step.name } : {}), ran: false, stdout: '', stderr: '' };
    result.steps.push(record);
    const wanted = step.if === undefined ? true : condition(step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, ''));
    if (result.failed || !wanted) continue;
    record.ran = true;
    if (step.uses) {
      record.uses = step.uses;
      record.with = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, expand(value)]));
      continue;
    }
    if (step.shell !== 'bash' || step.run === undefined) throw new Error(`step ${index}: only shell: bash run steps are supported`);
    const outputFile = join(runnerDir, `output-${index}`);
    const stepSummary = join(runnerDir, `summary-${index}.md`);
    writeFileSync(outputFile, '');
    writeFileSync(stepSummary, '');
    const script = join(runnerDir, `step-${index}.sh`);
    writeFileSync(script, expand(step.run));
    const env = {
      ...process.env,
      ...options.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      RUNNER_OS: 'Linux',
      RUNNER_TEMP: runnerTemp,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: stepSummary,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(value)])),
    };
    const cwd = resolve(options.workspace, step['working-directory'] ? expand(step['working-directory']) : '.');
    const ran = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(
        'bash',
        ['--noprofile', '--norc', '-eo', 'pipefail', script],
        { cwd, env, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      ),
    );
    Object.assign(record, ran);
    result.stdout += ran.stdout;
    if (step.id) stepOutputs[step.id] = parseOutputFile(readFileSync(outputFile, 'utf8'));
    appendFileSync(summaryFile, readFileSync(stepSummary, 'utf8'));
    if (ran.code !== 0) result.failed = record;
  }
  result.summary = readFileSync(summaryFile, 'utf8');
  for (const [name, output] of Object.entries(action.outputs ?? {})) result.outputs[name] = expand(output.value);
  return result;
}

/** GITHUB_OUTPUT's format: `name=value` lines and `name<<DELIMITER` … `DELIMITER` blocks. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const heredoc = /^([\w-]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, index + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: ${heredoc[1]} is never closed by ${heredoc[2]}`);
      outputs[heredoc[1]!] = lines.slice(index + 1, end).join('\n');
      index = end;
      continue;
    }
    const pair = /^([\w-]+)=(.*)$/.exec(line);
    if (pair) outputs[pair[1]!] = pair[2]!;
    else if (line) throw new Error(`GITHUB_OUTPUT: unreadable line ${JSON.stringify(line)}`);
  }
  return outputs;
}
