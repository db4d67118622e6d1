/** Reading the CLI's standard input (injected as `CliIo.stdin`, so tests feed it a string). Questions: services/prompt.ts. */

/** Everything until end of input: `--args -`, `plan validate -`. */
export function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolvePromise(text));
    stream.on('error', reject);
  });
}
