/**
 * `call --execute`'s confirmation: whether a tool call asks the person before it is sent, the prompt, and where to
 * write the `call.trust` pattern that skips it.
 */
import type { CallPlan } from '../../call/plan.js';
import { confirmationFor } from '../../call/confirmation.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { McpnsError } from '../../errors.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';
import type { Prompter } from './prompt.js';

/**
 * Where the person can write the `call.trust` pattern that skips the confirmation: only mcpns's own format has it.
 * The mcpns config this run read, when it read one; else (only a client's files such as .mcp.json) a new mcpns config
 * that includes those files — `mcpns init` writes it for the files found in the project, which mcpns then reads
 * instead of them; a file named with --config is replaced by the new one on the command line.
 */
function trustAdvice(label: string, server: string, config: LoadedConfig | undefined): string {
  const entry = `"call": {"trust": ["${label}"]}`;
  const own = config?.ownFiles?.[0];
  if (own !== undefined) return `trust it in ${own}: ${entry}`;
  const detected = (config?.detected ?? []).filter(({ client }) => client !== 'mcpns');
  if (detected.length) {
    const files = detected.map(({ file }) => file).join(', ');
    return `trust it in a mcpns.config.json (${files} cannot say it): \`mcpns init\` writes one that includes ${files}, then add ${entry} to it`;
  }
  const from = config?.servers.find((spec) => spec.name === server)?.source.file;
  if (from === undefined) return `trust it in a mcpns config file: ${entry}`;
  return `trust it in a mcpns config file that includes ${from} (which cannot say it), and read that file with --config: {"include": ["${from}"], ${entry}}`;
}

/**
 * Every tool asks before it is sent, on a terminal, unless the person said not to: `--yes`, or a `call.trust` pattern
 * in their config. `readOnlyHint` is the server's claim and skips nothing. A run that cannot ask is
 * CONFIRMATION_REQUIRED (exit 2, nothing sent); declining sends nothing (DECLINED, exit 1).
 */
export async function confirmCall(runtime: Runtime, prompter: Prompter, plan: CallPlan, yes: boolean, config: LoadedConfig | undefined): Promise<void> {
  const decision = confirmationFor(plan.tool, { yes, ...(config?.callTrust ? { trust: config.callTrust } : {}) });
  if (!decision.ask) {
    if (decision.by === 'trust') {
      runtime.console.detail(
        `not asking: ${plan.tool.server}/${plan.tool.name} is trusted by call.trust "${decision.trust.pattern}" in ${decision.trust.file}`,
      );
    }
    return;
  }
  const { label, claims } = decision;
  if (!prompter.interactive) {
    const why = runtime.console.json ? '--json never prompts' : 'stdin is not a terminal';
    const readOnlyClaim = plan.tool.annotations?.readOnlyHint === true;
    throw new McpnsError(
      'CONFIRMATION_REQUIRED',
      `${label} needs a confirmation this run cannot ask for (${why}); nothing was sent` +
        (readOnlyClaim ? ". The server marks it readOnlyHint, but annotations are the server's own claim and never skip the confirmation" : ` (${claims})`),
      {
        hint: `pass --yes to send it without a prompt, or ${trustAdvice(label, plan.tool.server, config)}`,
        details: { tool: label, annotations: plan.tool.annotations ?? {} },
      },
    );
  }
  const answer = await prompter.ask(`call ${terminalSafe(label)} (${terminalSafe(claims)}) with ${terminalSafe(JSON.stringify(plan.arguments))}? [y/N] `);
  if (!/^y(es)?$/i.test(answer ?? '')) throw new McpnsError('DECLINED', `not confirmed; nothing was sent to ${label}`, { exitCode: 1 });
}
