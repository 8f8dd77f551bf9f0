import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCatalogTarget, type CatalogTarget } from '../catalog-sheet/catalog-target.ts';
import { checkCatalogUpdate, describeChanges, writeCatalog, type CheckedUpdate } from '../catalog-sheet/catalog-update.ts';
import { readSheet, sheetFormat } from '../catalog-sheet/sheet-files.ts';
import { sheetToPlans, type SheetPlans } from '../catalog-sheet/sheet-to-plans.ts';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { projectRoot } from '../project-root.ts';
import { UserError } from '../user-error.ts';
import { reportUserError } from './report-user-error.ts';

/**
 * `npm run catalog:import -- FILE [--catalog NAME] [--dry-run] [--allow-remove] [--root DIR]`:
 * the sheet back into catalogs/<name>.yaml, through the same validator as the YAML; every problem
 * at its cell, and the file written only when there is none (all or nothing).
 */
export async function runCatalogImport(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        catalog: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'allow-remove': { type: 'boolean', default: false },
        root: { type: 'string' },
      },
    });
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new UserError('usage: npm run catalog:import -- FILE.xlsx|FILE.csv [--catalog NAME] [--dry-run] [--allow-remove]');
    sheetFormat(file);
    const name = values.catalog ?? path.basename(file, path.extname(file));
    // Only an existing catalog: a sheet named after no catalog is far likelier a wrong name than a new catalog.
    const target = readCatalogTarget(projectRoot(values.root), name);
    const sheet = await readSheet(path.resolve(file));
    const sheetPlans = sheetToPlans(sheet, target, values['allow-remove'], path.basename(file));
    const checked = checkCatalogUpdate(target, sheetPlans.plans);
    const changes = describeChanges(target, sheetPlans.plans);
    for (const line of changes.lines) console.log(line);
    const summary = `${changes.added} added, ${changes.changed} changed, ${changes.removed} removed`;
    const errors = printProblems(target, sheetPlans, checked);
    if (errors > 0) {
      console.error(`\n${errors} error${errors === 1 ? '' : 's'} (${summary}); nothing was written. Fix them in the sheet and import again.`);
      return 1;
    }
    if (values['dry-run']) {
      console.log(`Dry run: ${summary}; ${target.relative} not written.`);
      return 0;
    }
    const written = writeCatalog(target, checked.text);
    console.log(written ? `Wrote ${target.relative}: ${summary}.` : `No change: ${target.relative} already matches the sheet.`);
    return 0;
  } catch (error) {
    return reportUserError(error);
  }
}

/** Every problem at once, each at its cell: the sheet's own, then the validator's (not twice for one value). */
function printProblems(target: CatalogTarget, sheetPlans: SheetPlans, checked: CheckedUpdate): number {
  let errors = 0;
  for (const problem of sheetPlans.problems) {
    console.error(`${problem.where}  ${problem.path}  ${problem.message}`);
    errors += 1;
  }
  // A removed product's path is in the file's order, not the sheet's: it names no validator path.
  const named = sheetPlans.problems.filter((problem) => !problem.removed).map((problem) => problem.path);
  for (const diagnostic of checked.diagnostics) {
    if (named.some((path) => diagnostic.path === path || diagnostic.path.startsWith(`${path}.`) || diagnostic.path.startsWith(`${path}[`))) continue;
    if (diagnostic.severity === 'error') errors += 1;
    const cell = diagnostic.file === target.relative ? sheetPlans.cellOf(diagnostic.path) : undefined;
    if (cell) console.error(`${cell}  ${diagnostic.path}  ${diagnostic.severity === 'warning' ? 'warning: ' : ''}${diagnostic.message}`);
    else console.error(formatDiagnostic(diagnostic));
  }
  return errors;
}
