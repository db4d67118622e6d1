import type { Command } from '@commander-js/extra-typings';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findProjectFiles } from '../../config/clients/project-files.js';
import { initialConfig, INSTALLED_SCHEMA } from '../../config/init.js';
import { displayPath, OWN_CONFIG_NAME } from '../../config/load-core.js';
import { McpnsError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withOutputOptions } from '../options/output-options.js';
import { packageFileUrl } from '../../util/package-file.js';
import { outputFile, writeOutputFile } from '../services/write-output.js';

/** The JSON Schema shipped in the package (schema/ beside dist/). */
const SCHEMA_FILE = fileURLToPath(packageFileUrl('schema/mcpns.config.schema.json'));

export function registerInit(program: Command, host: CommandHost): void {
  const base = program
    .command('init')
    .description("write an mcpns.config.json that includes this project's client config files (.mcp.json, .vscode/mcp.json…)")
    .option('-o, --output <file>', 'where to write it (- for stdout)', OWN_CONFIG_NAME)
    .option('--force', 'replace the file if it exists')
    .addHelpText(
      'after',
      `
Examples:
  mcpns init
  mcpns init -o - > mcpns.config.json

The config includes the client files found in this folder and its parents (up to the repository root) instead of
copying their servers, so no env value or header is copied and each file is still read as its client reads it.
Naming targets are the presets of those clients. An existing file is never replaced without --force.`,
    );
  const command = withOutputOptions(base);

  defineAction(command, host, async (runtime, options) => {
    const target = outputFile(runtime.io.cwd, options.output, '--output');
    const existsHint = 'pass --force to replace it, or -o <file> to write elsewhere';
    // Said before the client files are searched; the write itself is exclusive (another init may be running too).
    if (target && !options.force && existsSync(target.path)) {
      throw new McpnsError('IO', `${target.shown} already exists; not replacing it`, { location: { file: target.shown }, hint: existsHint });
    }
    const { found } = findProjectFiles(runtime.io.cwd, runtime.io.home);
    const file = target?.path ?? join(runtime.io.cwd, OWN_CONFIG_NAME);
    const installed = join(dirname(file), INSTALLED_SCHEMA);
    const { config, schemaNote } = initialConfig(file, found, SCHEMA_FILE, existsSync(installed) ? installed : undefined);
    const text = JSON.stringify(config, null, 2) + '\n';
    if (schemaNote) runtime.console.note(schemaNote);
    if (!target) {
      runtime.console.out(text);
      return EXIT.OK;
    }
    writeOutputFile(target, text, options.force ? {} : { exclusive: { existsHint } });
    const included = found.map(({ file, client }) => `${displayPath(file, runtime.io.cwd)} (${client})`);
    runtime.console.status(
      included.length
        ? `wrote ${target.shown}: includes ${included.join(', ')}; targets ${config.naming.targets.join(', ')}`
        : `wrote ${target.shown} with no servers: no client config file was found here; add servers to it`,
      { file: target.shown, include: config.include ?? [], targets: config.naming.targets },
    );
    return EXIT.OK;
  });
}
