import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_PARTICIPANT, parseCapabilities, type Participant } from '../../call/index.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { McpnsError } from '../../errors.js';
import { readDocument } from '../../util/read-document.js';

/** The participant: config `participant`, else the default (full MCP access); --from / --capabilities override. */
export function loadParticipant(
  cwd: string,
  config: LoadedConfig | undefined,
  options: { from?: string | undefined; capabilities?: string | undefined },
): Participant {
  let participant: Participant = config?.participant ? { id: config.participant.id, capabilities: config.participant.capabilities } : DEFAULT_PARTICIPANT;
  if (options.capabilities) {
    const file = resolve(cwd, options.capabilities);
    const text = readDocument(file, (why) => new McpnsError('USAGE', `cannot read --capabilities ${options.capabilities}: ${why}`, { location: { file } }));
    let value: unknown;
    try {
      value = parseYaml(text, { logLevel: 'error' });
    } catch (error) {
      throw new McpnsError('USAGE', `cannot read --capabilities ${options.capabilities}: ${(error as Error).message}`, { location: { file } });
    }
    const parsed = parseCapabilities(value, options.capabilities);
    participant = { id: parsed.id ?? participant.id, capabilities: parsed.capabilities };
  }
  if (options.from) participant = { ...participant, id: options.from };
  return participant;
}
