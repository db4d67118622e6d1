export const REPO_ROOT: string;
export const EXAMPLE_FILES: string[];

export interface ExampleMarker {
  vary: string[];
  maybe: string[];
  env: Record<string, string>;
  unordered: boolean;
  exit?: number[];
  timeoutMs?: number;
  files?: string[];
  skip?: string;
  project?: string;
  setup?: string;
}

export interface Example {
  file: string;
  line: number;
  bodyStart: number;
  bodyEnd: number;
  commands: Array<{ command: string; expected: string[] }>;
  marker?: ExampleMarker;
  markerError?: string;
}

export interface ExampleRun {
  setupFailed?: string;
  commands: Array<{ command: string; code: number; timedOut: boolean; output: string[] }>;
}

export interface ExampleProblem {
  command?: string;
  problem: string;
  expected?: string;
  actual?: string;
}

export function parseExamples(text: string, file: string): Example[];
export function collectExamples(files?: string[]): Example[];
export function runExample(example: Example, options?: { bin?: string }): Promise<ExampleRun>;
export function runExamples(examples: Example[], options?: { concurrency?: number }): Promise<ExampleRun[]>;
/** `today`: the dates that count as today (default: today in UTC and local time). */
export function compareExample(example: Example, run: ExampleRun, options?: { today?: string[] }): ExampleProblem[];
