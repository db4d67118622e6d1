/** Reading the CLI's standard input (injected as `CliIo.stdin`, so tests feed it a string). */

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

/** One line from stdin (the confirmation answer). */
export function readLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolvePromise) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      const at = text.indexOf('\n');
      if (at >= 0) finish(text.slice(0, at));
    };
    const finish = (line: string): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.pause();
      resolvePromise(line.trim());
    };
    const onEnd = (): void => finish(text);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.resume();
  });
}
