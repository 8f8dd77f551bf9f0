import type { LoadResult } from './load-project.ts';
import { printedDiagnostics } from './printed-diagnostics.ts';

/** Prints the diagnostics and a summary; true when there is no error. Shared by `npm run validate` and the build. */
export function reportLoad({ diagnostics, stats }: LoadResult): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.length - errors.length;
  for (const line of printedDiagnostics(diagnostics)) console.error(line);
  if (errors.length > 0) {
    const files = new Set(errors.map((d) => d.file)).size;
    console.error(
      `\n${plural(errors.length, 'error')} in ${plural(files, 'file')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}. Fix them and run again.`,
    );
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
