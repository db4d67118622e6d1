import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';
import type { Format, Formatter } from './types.js';

export { FORMATS, type Format, type Formatter, type FormatOptions } from './types.js';
export { getExitCode, FAIL_ON, type FailOn } from './exit-code.js';

/** Every output format of the checking commands; `satisfies` keeps --format choices and reporters in step. */
export const formatters = {
  text: formatText,
  json: formatJson,
  markdown: formatMarkdown,
  github: formatGithub,
  sarif: formatSarif,
  junit: formatJunit,
} satisfies Record<Format, Formatter>;
