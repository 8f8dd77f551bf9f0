import { parseArgs } from 'node:util';
import { checkImages } from '../build/images/index.ts';
import { loadProject } from '../data/load-project.ts';
import { reportLoad } from '../data/report-load.ts';
import { projectRoot } from '../project-root.ts';

/** `npm run validate [-- --root DIR]`: every problem of every file and every image it uses, or a one-line summary. */
export async function runValidate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { root: { type: 'string' } } });
  const root = projectRoot(values.root);
  const result = await checkImages(root, loadProject(root));
  return reportLoad(result) ? 0 : 1;
}
