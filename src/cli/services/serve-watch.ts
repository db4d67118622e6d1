import { watch, type FSWatcher } from 'node:fs';
import type { LoadedConfig } from '../../config/loaded.js';
import type { Runtime } from './command.js';

/**
 * Reload on SIGHUP, and when a config file changes (debounced): changed servers restart, new ones start, removed ones
 * end, clients are told. A configuration that no longer loads keeps the running one (the error is reported).
 */
export function watchConfiguration(
  runtime: Runtime,
  config: LoadedConfig,
  watchFiles: boolean,
  reload: () => Promise<{ result: { added: string[]; removed: string[]; restarted: string[] }; files: string[] }>,
): () => void {
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const { result, files } = await reload();
          runtime.console.status(
            `reloaded: ${result.added.length} added, ${result.removed.length} removed, ${result.restarted.length} restarted${[...result.added, ...result.removed, ...result.restarted].length ? ` (${[...result.added.map((name) => `+${name}`), ...result.removed.map((name) => `-${name}`), ...result.restarted.map((name) => `~${name}`)].join(' ')})` : ''}`,
            { event: 'reloaded', ...result },
          );
          arm(files);
        } catch (error) {
          runtime.console.warn(`reload failed, still serving the previous configuration: ${error instanceof Error ? error.message : String(error)}`, {
            event: 'reload-failed',
          });
        }
      } while (again);
    })().finally(() => (running = undefined));
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
    timer.unref();
  };
  const arm = (files: readonly string[]): void => {
    for (const watcher of watchers) watcher.close();
    watchers = [];
    if (!watchFiles) return;
    for (const file of files) {
      try {
        watchers.push(watch(file, { persistent: false }, schedule));
      } catch {
        // A file that vanished: the next SIGHUP reloads without it.
      }
    }
  };
  arm(config.files);
  const unregister = runtime.io.onReload?.(run);
  return () => {
    clearTimeout(timer);
    unregister?.();
    for (const watcher of watchers) watcher.close();
  };
}
