import { parseArgs } from 'node:util';
import { checkImages } from '../build/images/index.ts';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { loadProject, type LoadResult } from '../data/load-project.ts';
import { projectRoot } from './project-root.ts';

/** `npm run validate [-- --root DIR]`: every problem of every file and every image it uses, or a one-line summary. */
export async function runValidate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { root: { type: 'string' } } });
  const root = projectRoot(values.root);
  const result = await checkImages(root, loadProject(root));
  return reportLoad(result) ? 0 : 1;
}

/** Prints the diagnostics and a summary; true when there is no error. Shared with the build. */
export function reportLoad({ diagnostics, stats }: LoadResult): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.length - errors.length;
  for (const diagnostic of diagnostics) console.error(formatDiagnostic(diagnostic));
  if (errors.length > 0) {
    const files = new Set(errors.map((d) => d.file)).size;
    console.error(`\n${plural(errors.length, 'error')} in ${plural(files, 'file')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}. Fix them and run again.`);
    return false;
  }
  console.log(
    `Valid: ${plural(stats.tenants, 'tenant')}, ${plural(stats.catalogs, 'catalog')}, ${plural(stats.products, 'product')}, ` +
      `${plural(stats.stores, 'store')}, ${plural(stats.images, 'image')}${warnings ? ` (${plural(warnings, 'warning')})` : ''}`,
  );
  return true;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
