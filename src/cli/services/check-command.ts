import type { Command } from '@commander-js/extra-typings';
import { resolve } from 'node:path';
import { createBaseline, parseBaseline, serializeBaseline, type Baseline } from '../../checks/baseline.js';
import { applyBaseline, runChecksPaced, validateCodes, type CheckFamily, type CheckResult, type Pace } from '../../checks/run.js';
import { defaultTargets } from '../../config/client-presets.js';
import { emptyConfig, type LoadedConfig } from '../../config/loaded.js';
import { McpnsError } from '../../errors.js';
import { formatters, getExitCode, type Format } from '../../report/index.js';
import { formatJsonParts } from '../../report/json.js';
import { defineAction, type CommandHost } from './command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withPresetOption, withStylesOption } from '../options/naming-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { resolveExtraReports, resolveFormat, withReportOptions } from '../options/report-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { OPTIONS } from '../options/table.js';
import { obtainCatalog, progressInterval } from './catalog.js';
import type { Runtime } from './command.js';
import { breakNow, signalPause } from './pace.js';
import { collectLargeHeap } from './heap.js';
import { loadConfigurationFor, loadConfigurationRecordedIn } from './configuration.js';
import { emitExtraReports, emitReport, extraReportFiles, type ReportText } from './report-output.js';
import { outputFile, readExisting, writeOutputFile } from './write-output.js';

export interface CheckCommandSpec {
  name: 'check-conflicts' | 'lint' | 'check';
  description: string;
  families: readonly CheckFamily[];
  /** Extra help text: examples first. */
  help: string;
}

/** Register one of the three checking commands; they share every option and this runner. */
export function registerCheckCommand(program: Command, host: CommandHost, spec: CheckCommandSpec): void {
  const base = program
    .command(spec.name)
    .description(spec.description)
    .option(OPTIONS.baseline.flags, OPTIONS.baseline.description)
    .option(OPTIONS.writeBaseline.flags, OPTIONS.writeBaseline.description)
    .option(OPTIONS.failFast.flags, OPTIONS.failFast.description)
    .addHelpText('after', spec.help);
  const named = withStylesOption(
    withPresetOption(
      base,
      'naming targets to evaluate, comma-separated presets/providers (e.g. claude-code,openai); default: naming.targets, else slash plus the presets of the clients whose files were read, else slash,openai',
    ),
  );
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(withReportOptions(named))));

  defineAction(command, host, async (runtime, options) => {
    const format = resolveFormat(options);
    const ignoreCodes = options.ignore ?? [];
    const loaded =
      options.catalog !== undefined ? await loadConfigurationRecordedIn(runtime, options, options.catalog) : await loadConfigurationFor(runtime, options);
    const config: LoadedConfig = loaded ?? emptyConfig(runtime.io.cwd);
    const targets = resolveTargets([...(options.style ?? []), ...(options.preset ?? [])], config);
    // Unknown codes and unwritable outputs fail before any server is started.
    validateCodes(config.rules, config.ignore, ignoreCodes);
    const baseline = options.baseline ? readBaseline(runtime.io.cwd, options.baseline) : undefined;
    const baselineOut = options.writeBaseline ? outputFile(runtime.io.cwd, options.writeBaseline, '--write-baseline') : undefined;
    const reportOut = options.output === undefined ? undefined : outputFile(runtime.io.cwd, options.output, '--output');
    const extraReports = extraReportFiles(runtime.io.cwd, resolveExtraReports(options.report));

    // The catalog lives only in this function: once the checks are done, a million tools (and everything the checks
    // built from them) are garbage, not carried under the report being written.
    const check = async (): Promise<CheckResult> => {
      const { catalog } = await obtainCatalog(runtime, { settings: options, config });
      if (options.failFast) {
        const failed = catalog.servers.filter((server) => server.status === 'error');
        if (failed.length) {
          const first = failed[0]!;
          throw new McpnsError('TRANSPORT', `server "${first.name}" is unreachable (${first.error?.code ?? 'ERROR'}) and --fail-fast is set`, {
            hint: 'drop --fail-fast to check the other servers and report SERVER_UNREACHABLE',
            details: { servers: failed.map((server) => server.name) },
          });
        }
      }
      // In slices with breaks: a signal during a million-tool run stops it within a slice, and a long run says how far it is.
      const pause = signalPause(runtime.io, checkProgress(runtime, catalog.tools.length));
      // Where the collision checks let their renderings go, a large heap is collected: the lint checks start low.
      const pace: Pace = (at) => {
        if (at.released) collectLargeHeap();
        return pause(at);
      };
      return runChecksPaced({ catalog, config, targets }, spec.families, { ignoreCodes }, pace);
    };
    let result = await check();
    if (baselineOut) {
      const written = createBaseline(result.findings);
      writeOutputFile(baselineOut, serializeBaseline(written));
      runtime.console.status(`wrote ${written.findings.length} finding(s) to baseline ${baselineOut.shown}`, { file: baselineOut.shown });
      result = applyBaseline(result, written);
    } else if (baseline) {
      result = applyBaseline(result, baseline);
    }
    // JSON in parts, to stdout and to files alike: a million-tool report is a 170 MB text, never held as one string.
    const render = (as: Format, color: boolean): ReportText =>
      as === 'json' ? formatJsonParts(result) : formatters[as](result, { color, cwd: runtime.io.cwd, failOn: options.failOn, config });
    await breakNow(runtime.io);
    // The catalog and what the checks built from it (renderings, maps) are garbage now: not carried under the report.
    collectLargeHeap();
    runtime.console.clearProgress();
    await emitReport(runtime, reportOut, format, (color) => render(format, color));
    await emitExtraReports(runtime, extraReports, (as) => render(as, false));
    return getExitCode(result, options.failOn);
  });
}

/**
 * How far the checks are, for a long run: on a terminal the live line; without one a plain line once the run has taken
 * longer than the progress interval (MCPNS_PROGRESS_INTERVAL_MS, as discovery's), then at most one per interval.
 */
function checkProgress(runtime: Runtime, tools: number): Pace {
  const intervalMs = progressInterval(runtime);
  const start = performance.now();
  let lastLine = start;
  // Under --json (and --format json) the line is one {"progress": …} object on stderr, as a call's progress is.
  const plain = !runtime.console.liveProgress && !runtime.console.settings.quiet && intervalMs > 0;
  return ({ done, total, codes }) => {
    const text = `checking ${tools.toLocaleString('en')} tool${tools === 1 ? '' : 's'}: ${done}/${total} checks done${codes.length ? ` (${codes[0]})` : ''}`;
    if (runtime.console.liveProgress) return runtime.console.progress(`${text}…`);
    const now = performance.now();
    if (!plain || now - start < intervalMs || (lastLine !== start && now - lastLine < intervalMs)) return;
    lastLine = now;
    runtime.console.event('progress', text, { done, total });
  };
}

/** --style/--preset (combined) ?? config naming.targets ?? slash plus the presets of the clients whose files were read. */
export function resolveTargets(explicit: readonly string[], config: LoadedConfig | undefined): string[] {
  const ids = explicit.length ? explicit : config?.naming.targets?.length ? config.naming.targets : defaultTargets(config?.servers ?? []);
  return [...new Set(ids)];
}

function readBaseline(cwd: string, value: string): Baseline {
  // An input: read through a link if it is one (only writing refuses links).
  const text = value === '-' || !value ? undefined : readExisting({ path: resolve(cwd, value), shown: value });
  if (text === undefined) {
    throw new McpnsError('IO', `baseline file not found: ${resolve(cwd, value)}`, {
      location: { file: value },
      hint: 'create it with --write-baseline <file>',
    });
  }
  return parseBaseline(text, resolve(cwd, value));
}
