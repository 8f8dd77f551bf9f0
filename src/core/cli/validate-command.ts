import { parseArgs } from 'node:util';
import { checkImages } from '../generator/images/index.ts';
import { refreshEditorValues } from '../data/editor-values.ts';
import { loadProject, type SourceCache } from '../data/load-project.ts';
import { reportLoad } from '../data/report-load.ts';
import { projectRoot } from '../project-root.ts';
import { watchValidate } from './validate-watch.ts';

/**
 * `npm run validate [-- --root DIR] [--watch]`: every problem of every file and every image it
 * uses, or a one-line summary; with --watch, again after every save until Ctrl-C. Each run also
 * writes the data folder's values for editors (`.cache/editor-schemas/`, editor-values.ts).
 */
export async function runValidate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { root: { type: 'string' }, watch: { type: 'boolean' } } });
  const root = projectRoot(values.root);
  if (values.watch) {
    await watchValidate(root, (cache) => validateOnce(root, cache), stopSignal());
    return 0;
  }
  return (await validateOnce(root)) ? 0 : 1;
}

/** One check of the data under `root`, printed; true when there is no error. */
async function validateOnce(root: string, cache?: SourceCache): Promise<boolean> {
  const result = await checkImages(root, loadProject(root, cache));
  refreshEditorValues(root, result);
  return reportLoad(result);
}

/** Aborted by Ctrl-C (SIGINT) or a SIGTERM, once. */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  controller.signal.addEventListener('abort', () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  });
  return controller.signal;
}
