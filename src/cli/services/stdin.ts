/** Reading the CLI's standard input (injected as `CliIo.stdin`, so tests feed it a string). Questions: services/prompt.ts. */
import { formatBytes } from '../../util/json-walk.js';
import { MAX_DOCUMENT_BYTES } from '../../util/read-file.js';

/** Standard input went past the limit (`< /dev/zero` never ends); reading stopped there. */
export class InputTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`larger than ${formatBytes(limitBytes)}`);
    this.name = 'InputTooLargeError';
  }
}

/** Everything until end of input, at most `maxBytes`: `--args -`, `plan validate -`. */
export function readAll(stream: NodeJS.ReadableStream, maxBytes = MAX_DOCUMENT_BYTES): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      total += bytes.length;
      if (total > maxBytes) {
        stream.removeListener('data', onData);
        stream.pause();
        reject(new InputTooLargeError(maxBytes));
        return;
      }
      chunks.push(bytes);
    };
    stream.on('data', onData);
    stream.on('end', () => resolvePromise(Buffer.concat(chunks, total).toString('utf8')));
    stream.on('error', reject);
  });
}
