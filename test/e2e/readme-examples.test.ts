/**
 * Every command example in the README and the docs (a fenced block with `$ …` lines) runs as shown and prints the
 * output shown (issue 25 §4.6). The documents are the single source: a marker before each block says how to run it
 * (scripts/readme-examples.mjs has the syntax) or why it cannot run offline here; a block without one fails. Only what
 * truly varies is normalised (this checkout's path, the temporary folders, `vary` patterns, the order of messages of
 * servers that finish concurrently). `node scripts/readme-examples.mjs --update` writes the real outputs back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collectExamples, compareExample, parseExamples, runExamples, type Example, type ExampleRun } from '../../scripts/readme-examples.mjs';

const examples = collectExamples();
const runnable = examples.filter((example) => example.marker && example.marker.skip === undefined);
const label = (example: Example): string => `${example.file}:${example.line} $ ${example.commands[0]?.command ?? ''}`;

describe('the documents’ command examples', () => {
  it('each has a marker saying how it runs, or why it cannot run here', () => {
    const unmarked = examples
      .filter((example) => !example.marker)
      .map((example) => `${label(example)}${example.markerError ? ` (${example.markerError})` : ''}`);
    expect(unmarked).toEqual([]);
    expect(runnable.length).toBeGreaterThan(15);
  });

  describe('run as shown', () => {
    let runs: ExampleRun[] = [];
    beforeAll(async () => {
      runs = await runExamples(runnable, { concurrency: 3 });
    }, 240_000);

    for (const [index, example] of runnable.entries()) {
      it(label(example), () => {
        const problems = compareExample(example, runs[index] as ExampleRun);
        for (const problem of problems) {
          if (problem.actual !== undefined) expect(problem.actual, `${problem.command}: the output differs from the one shown`).toBe(problem.expected);
        }
        expect(problems.map((problem) => `${problem.command ?? ''}: ${problem.problem}`)).toEqual([]);
      });
    }
  });
});

describe('the example checker', () => {
  const block = (marker: string, body: string): Example => {
    const [example] = parseExamples(`text\n${marker}\n\`\`\`\n${body}\n\`\`\`\n`, 'x.md');
    return example as Example;
  };
  const run = (...outputs: string[][]): ExampleRun => ({ commands: outputs.map((output) => ({ command: 'c', code: 0, timedOut: false, output })) });

  it('finds a block without a marker, and refuses a skip without a reason or an unknown option', () => {
    expect(block('', '$ mcpns list\nno tools').marker).toBeUndefined();
    expect(block('<!-- example: skip="" -->', '$ mcpns list').markerError).toMatch(/reason/);
    expect(block('<!-- example: colour=red -->', '$ mcpns list').markerError).toMatch(/unknown marker option "colour"/);
    expect(parseExamples('```sh\nnpm test\n```\n', 'x.md')).toEqual([]);
  });

  it('compares exactly, with … for any lines, vary patterns, unordered messages and the exit code', () => {
    const plain = block('<!-- example: -->', '$ a\none\ntwo');
    expect(compareExample(plain, run(['one', 'two']))).toEqual([]);
    expect(compareExample(plain, run(['one', 'three']))).toMatchObject([{ problem: 'output differs' }]);
    expect(compareExample(plain, { commands: [{ command: 'a', code: 1, timedOut: false, output: ['one', 'two'] }] })).toMatchObject([
      { problem: 'exit 1, the marker says 0' },
    ]);
    const elided = block('<!-- example: -->', '$ a\nfirst\n…\nlast');
    expect(compareExample(elided, run(['first', 'x', 'y', 'last']))).toEqual([]);
    expect(compareExample(elided, run(['first', 'x']))).toMatchObject([{ problem: 'output differs' }]);
    const varying = block('<!-- example: vary="after \\d+ ms" -->', '$ a\ndone after 12 ms');
    expect(compareExample(varying, run(['done after 9031 ms']))).toEqual([]);
    const optional = block('<!-- example: maybe="^late " -->', '$ a\nfirst\nlate line\nlast');
    expect(compareExample(optional, run(['first', 'last']))).toEqual([]);
    expect(compareExample(optional, run(['first', 'late line', 'last']))).toEqual([]);
    expect(compareExample(optional, run(['first', 'other', 'last']))).toMatchObject([{ problem: 'output differs' }]);
    const messages = block('<!-- example: unordered -->', '$ a\nmcpns: b failed\n  why b\nmcpns: a failed\ntable');
    expect(compareExample(messages, run(['mcpns: a failed', 'mcpns: b failed', '  why b', 'table']))).toEqual([]);
    expect(compareExample(block('<!-- example: -->', '$ a\nmcpns: b\nmcpns: a'), run(['mcpns: a', 'mcpns: b']))).toMatchObject([{ problem: 'output differs' }]);
  });

  it("fails an output that shows today's date unless a vary pattern covers it", () => {
    const today = { today: ['2031-04-05'] };
    const dated = block('<!-- example: -->', '$ a\nprobed (2031-04-05)');
    expect(compareExample(dated, run(['probed (2031-04-05)']), today)).toMatchObject([
      { problem: "prints today's date without a vary marker (it would differ tomorrow): probed (2031-04-05)" },
    ]);
    const marked = block('<!-- example: vary="\\(\\d{4}-\\d{2}-\\d{2}\\)" -->', '$ a\nprobed (2031-04-05)');
    expect(compareExample(marked, run(['probed (2031-04-05)']), today)).toEqual([]);
    const elided = block('<!-- example: -->', '$ a\nfirst\n…');
    expect(compareExample(elided, run(['first', '"ts": "2031-04-05T10:00:00Z"']), today)).toEqual([]);
    expect(compareExample(block('<!-- example: -->', '$ a\nMCP 2025-11-25'), run(['MCP 2025-11-25']), today)).toEqual([]);
  });
});
