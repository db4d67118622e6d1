/**
 * Who answers a server's elicitation during `call --execute`: the person at the terminal (each field asked, typed
 * from the requested schema, defaults applied on Enter, reviewed before sending), or — in a script — the automatic
 * policy (`--answers`, `--yes` for the schema's defaults, otherwise decline).
 */
import type { ElicitationAnswer, ElicitationQuestion, ElicitationResponder } from '../../call/execute.js';
import {
  automaticAnswer,
  coerceValue,
  sensitiveValues,
  showValue,
  validateAnswer,
  type ElicitField,
  type ElicitForm,
  type ElicitValue,
} from '../../call/elicitation.js';
import type { ElicitationTally } from '../../call/outcome.js';
import type { ArgumentViolation } from '../../call/validate.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';
import type { Prompter } from './prompt.js';

export interface ElicitationPolicy {
  /** --yes: a run that cannot ask accepts the schema's defaults. */
  acceptDefaults: boolean;
  /** --answers: one object for every form, or a list used in order (one per form). */
  answers?: Record<string, unknown> | Array<Record<string, unknown>> | undefined;
}

const one = (text: string): string => terminalSafe(text);

export function createElicitationResponder(
  runtime: Runtime,
  prompter: Prompter,
  policy: ElicitationPolicy,
): { responder: ElicitationResponder; tally: ElicitationTally } {
  const tally: ElicitationTally = { declined: [], unanswered: [] };
  let formsSeen = 0;
  const useAnswers = (): Record<string, unknown> | undefined => {
    const answers = policy.answers;
    if (answers === undefined) return undefined;
    if (!Array.isArray(answers)) return answers;
    return answers[formsSeen - 1] ?? {};
  };

  const responder: ElicitationResponder = async (question, signal) => {
    const who = `server "${question.server}"`;
    if (question.mode === 'url') {
      if (!prompter.interactive) {
        runtime.console.warn(`${who} asks you to open ${question.url} (${question.message}); declined: nobody can open it in a non-interactive run`, {
          server: question.server,
          url: question.url,
        });
        tally.declined.push({ server: question.server, mode: 'url', action: 'decline', by: 'policy' });
        return { action: 'decline' };
      }
      const answer = await askUrl(runtime, prompter, question, signal);
      if (answer.action !== 'accept') tally.declined.push({ server: question.server, mode: 'url', action: answer.action, by: 'user' });
      return answer;
    }

    formsSeen++;
    const answers = useAnswers();
    if (!prompter.interactive || answers !== undefined) {
      const decision = automaticAnswer(question.form, { acceptDefaults: policy.acceptDefaults, ...(answers !== undefined ? { answers } : {}) });
      if (decision.action === 'accept') {
        runtime.console.addSecrets(sensitiveValues(question.form, decision.content));
        runtime.console.note(`${who} asked: ${question.message} — answered with ${answers !== undefined ? '--answers' : 'the defaults (--yes)'}`, {
          server: question.server,
        });
        return decision;
      }
      if (decision.action === 'decline') {
        runtime.console.warn(`${who} asked: ${question.message} — declined (not interactive; --yes accepts the defaults, --answers supplies values)`, {
          server: question.server,
        });
        tally.declined.push({ server: question.server, mode: 'form', action: 'decline', by: 'policy' });
        return { action: 'decline' };
      }
      tally.unanswered.push({ server: question.server, message: question.message, missing: decision.missing, problems: decision.problems });
      return { action: 'cancel' };
    }

    const answer = await askForm(runtime, prompter, question, signal);
    if (answer.action !== 'accept') tally.declined.push({ server: question.server, mode: 'form', action: answer.action, by: 'user' });
    return answer;
  };
  return { responder, tally };
}

async function askUrl(
  runtime: Runtime,
  prompter: Prompter,
  question: Extract<ElicitationQuestion, { mode: 'url' }>,
  signal: AbortSignal,
): Promise<ElicitationAnswer> {
  let host: string;
  try {
    host = new URL(question.url).host;
  } catch {
    host = '(not a valid URL)';
  }
  runtime.console.prompt(
    `\nserver "${one(question.server)}" asks you to open a web page:\n  ${one(question.message)}\n  URL:  ${one(question.url)}\n  host: ${one(host)}\n`,
  );
  for (;;) {
    const reply = await prompter.ask('open it in your browser yourself, then: [a]ccept (done / will do) · [d]ecline · [c]ancel: ', { signal });
    if (reply === undefined) return { action: 'cancel' };
    const choice = reply.toLowerCase();
    if (choice === 'a' || choice === 'accept' || choice === 'y' || choice === 'yes') return { action: 'accept' };
    if (choice === 'd' || choice === 'decline' || choice === 'n' || choice === 'no') return { action: 'decline' };
    if (choice === 'c' || choice === 'cancel') return { action: 'cancel' };
  }
}

/** Ask every field, then let the person review: accept, edit again, decline or cancel. */
async function askForm(
  runtime: Runtime,
  prompter: Prompter,
  question: Extract<ElicitationQuestion, { mode: 'form' }>,
  signal: AbortSignal,
): Promise<ElicitationAnswer> {
  const { form } = question;
  runtime.console.prompt(
    `\nserver "${one(question.server)}" asks: ${one(question.message)}\n` +
      `  (Enter keeps the [default]; leave an optional field empty to skip it; answer "!decline" or "!cancel" at any time)\n`,
  );
  let content: Record<string, ElicitValue> = {};
  for (;;) {
    for (const field of form.fields) {
      const value = await askField(prompter, field, content[field.name], signal);
      if (value === 'decline' || value === 'cancel') return { action: value };
      if (value === undefined) delete content[field.name];
      else content[field.name] = value.value;
    }
    const problems = validateAnswer(form, content);
    runtime.console.prompt(review(form, content, problems));
    for (;;) {
      const reply = await prompter.ask(problems.length ? 'fix it: [e]dit · [d]ecline · [c]ancel: ' : 'send it? [a]ccept · [e]dit · [d]ecline · [c]ancel: ', {
        signal,
      });
      if (reply === undefined) return { action: 'cancel' };
      const choice = reply.toLowerCase();
      if (!problems.length && (choice === 'a' || choice === 'accept' || choice === 'y' || choice === 'yes' || choice === '')) {
        runtime.console.addSecrets(sensitiveValues(form, content));
        return { action: 'accept', content };
      }
      if (choice === 'd' || choice === 'decline') return { action: 'decline' };
      if (choice === 'c' || choice === 'cancel') return { action: 'cancel' };
      if (choice === 'e' || choice === 'edit') break;
    }
    content = { ...content };
  }
}

/** One field until its answer is valid: the value, undefined (skipped), or the person's decline/cancel. */
async function askField(
  prompter: Prompter,
  field: ElicitField,
  previous: ElicitValue | undefined,
  signal: AbortSignal,
): Promise<{ value: ElicitValue } | undefined | 'decline' | 'cancel'> {
  const fallback = previous ?? field.default;
  const label = one(field.title ?? field.name);
  let head = `  ${label}${field.title && field.title !== field.name ? ` (${one(field.name)})` : ''}`;
  head += ` — ${describeKind(field)}${field.required ? ', required' : ''}`;
  if (field.description) head += `\n    ${one(field.description)}`;
  if (field.options?.length)
    head +=
      '\n' + field.options.map((option, index) => `    ${index + 1}) ${one(option.title ? `${option.title} (${option.value})` : option.value)}`).join('\n');
  const shownDefault = fallback === undefined ? '' : field.sensitive ? ' [keep]' : ` [${one(showValue(field, fallback))}]`;
  let question = `${head}\n  ${label}${shownDefault}: `;
  for (;;) {
    const reply = await prompter.ask(question, { hidden: field.sensitive, signal });
    if (reply === undefined) return 'cancel';
    if (reply === '!decline') return 'decline';
    if (reply === '!cancel') return 'cancel';
    if (reply === '') {
      if (fallback !== undefined) return { value: fallback };
      if (!field.required) return undefined;
      question = `  ${label} is required: `;
      continue;
    }
    const coerced = coerceValue(field, reply);
    if (coerced.ok) return { value: coerced.value };
    question = `  ${one(coerced.problem)}; ${label}${shownDefault}: `;
  }
}

function describeKind(field: ElicitField): string {
  const range = (low?: number, high?: number): string =>
    low !== undefined && high !== undefined ? ` ${low}–${high}` : low !== undefined ? ` ≥ ${low}` : high !== undefined ? ` ≤ ${high}` : '';
  switch (field.kind) {
    case 'boolean':
      return 'yes/no';
    case 'integer':
    case 'number':
      return `${field.kind}${range(field.minimum, field.maximum)}`;
    case 'enum':
      return 'choose one (number or value)';
    case 'multi-enum':
      return `choose any (comma-separated numbers or values)${range(field.minItems, field.maxItems)}`;
    default:
      return `text${field.format ? ` (${field.format})` : ''}${field.sensitive ? ', hidden' : ''}`;
  }
}

function review(form: ElicitForm, content: Record<string, ElicitValue>, problems: ArgumentViolation[]): string {
  let text = '  your answers:\n';
  for (const field of form.fields) {
    const value = content[field.name];
    const shown = value === undefined ? '(empty)' : field.sensitive ? '***' : showValue(field, value);
    text += `    ${one(field.title ?? field.name)}: ${one(shown)}\n`;
  }
  for (const problem of problems) text += `  ✗ ${one(problem.path)}: ${one(problem.message)}\n`;
  return text;
}
