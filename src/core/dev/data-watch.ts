import path from 'node:path';
import type { ViteDevServer } from 'vite';

/** Editors save in bursts (a temp file, a rename): one reload for the burst. */
const BURST_MS = 20;

/**
 * Calls `onBurst` with the files saved under tenants/ and catalogs/ of `dataRoot`, once per
 * burst of saves and one call at a time, in order: a burst arriving while the last one is still
 * handled (its images being checked) waits for it. The data folders are already under Vite's
 * watch when the data is the repository's, and added otherwise.
 */
export function watchDataFiles(vite: ViteDevServer, dataRoot: string, onBurst: (files: string[]) => Promise<void>): { stop(): void } {
  const dataDirs = [path.join(dataRoot, 'tenants'), path.join(dataRoot, 'catalogs')];
  vite.watcher.add(dataDirs);
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let handling = Promise.resolve();
  const handleBurst = async () => {
    const files = [...pending];
    pending.clear();
    if (files.length > 0) await onBurst(files);
  };
  vite.watcher.on('all', (_event, file) => {
    const absolute = path.resolve(file);
    if (!dataDirs.some((dir) => absolute.startsWith(`${dir}${path.sep}`))) return;
    pending.add(absolute);
    clearTimeout(timer);
    timer = setTimeout(() => {
      handling = handling.then(handleBurst);
    }, BURST_MS);
  });
  return { stop: () => clearTimeout(timer) };
}
