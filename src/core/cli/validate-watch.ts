import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { SourceCache } from '../data/load-project.ts';

/** The folders whose files the data is: a save in any of them checks the data again. */
export const WATCHED_FOLDERS = ['tenants', 'tenants/logos', 'catalogs', 'catalogs/images'];

/**
 * The lines that open and close each run of `npm run validate -- --watch`. An editor's problem
 * matcher (.vscode/tasks.json) finds a run's problems between them: the opening line clears the
 * previous run's problems, the closing one says the list is complete.
 */
export const WATCH_RUN_BEGINS = 'validate --watch: checking the data';
export const WATCH_RUN_ENDS = 'validate --watch: watching for changes (Ctrl-C stops)';

/** Editors save in bursts (a temporary file, a rename, a backup): one check per burst. */
const SETTLE_MS = 100;

/**
 * Runs `check` now and again after each burst of changes under the watched folders of `root`,
 * one run at a time, until `signal` aborts. Parsed files are kept between runs (SourceCache), so
 * a run after one save reads only that file again.
 */
export async function watchValidate(root: string, check: (cache: SourceCache) => Promise<unknown>, signal: AbortSignal): Promise<void> {
  const cache = new SourceCache();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let changed = true;

  const run = () => {
    running = running.then(async () => {
      if (!changed || signal.aborted) return;
      changed = false;
      console.log(`\n${WATCH_RUN_BEGINS} (${new Date().toLocaleTimeString()})`);
      await check(cache);
      console.log(WATCH_RUN_ENDS);
    });
  };
  const onChange = () => {
    changed = true;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };

  const watchers: FSWatcher[] = WATCHED_FOLDERS.map((folder) => path.join(root, folder))
    .filter((folder) => existsSync(folder))
    .map((folder) => watch(folder, { persistent: true }, onChange));
  run();

  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  await running;
}
