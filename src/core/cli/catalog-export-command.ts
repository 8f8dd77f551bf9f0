import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCatalogTarget } from '../catalog-sheet/catalog-target.ts';
import { catalogTable } from '../catalog-sheet/export-catalog.ts';
import { sheetFormat, writeSheet } from '../catalog-sheet/sheet-files.ts';
import { projectRoot } from '../project-root.ts';
import { UserError } from '../user-error.ts';
import { reportUserError } from './report-user-error.ts';

/** `npm run catalog:export -- <catalog> [--out FILE] [--root DIR]`: the catalog as an .xlsx workbook (default) or a .csv. */
export async function runCatalogExport(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' }, root: { type: 'string' } } });
    const [catalog, ...extra] = positionals;
    if (!catalog || extra.length > 0) throw new UserError('usage: npm run catalog:export -- <catalog> [--out FILE.xlsx|FILE.csv]');
    const out = path.resolve(values.out ?? `${catalog}.xlsx`);
    sheetFormat(out);
    const target = readCatalogTarget(projectRoot(values.root), catalog);
    const table = catalogTable(target);
    await writeSheet(out, table);
    console.log(
      `Wrote ${path.relative(process.cwd(), out) || out}: ${table.rows.length} products, ${table.columns.length} columns. Edit it, then: npm run catalog:import -- ${path.relative(process.cwd(), out) || out} --catalog ${catalog}`,
    );
    return 0;
  } catch (error) {
    return reportUserError(error);
  }
}
