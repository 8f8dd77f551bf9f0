import { parseArgs } from 'node:util';
import { formatMoney, type Money } from '../../domain/money.ts';
import { readCatalogTarget } from '../catalog-sheet/catalog-target.ts';
import { checkCatalogUpdate, writeCatalog } from '../catalog-sheet/catalog-update.ts';
import { parseAmount, parseDecimal, planPriceChange, type PriceChangeRow, type PricesLeftAlone, type PriceRule } from '../catalog-sheet/price-change.ts';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { projectRoot } from '../project-root.ts';
import { UserError } from '../user-error.ts';
import { reportUserError } from './report-user-error.ts';

const USAGE =
  'usage: npm run prices -- --catalog NAME [--type T] [--sub-category S] [--codes A,B] [--skip C,D] --percent N | --add AMOUNT [--round 0.01 | --round-up 0.05] [--include-discounts] [--dry-run]';

/** `npm run prices`: a bulk price change on the selected products, shown price by price, written all or nothing. */
export function runPrices(argv: string[]): number {
  try {
    const { values, positionals } = parseArgs({
      args: negativeNumbersAttached(argv),
      allowPositionals: true,
      options: {
        catalog: { type: 'string' },
        type: { type: 'string' },
        'sub-category': { type: 'string' },
        codes: { type: 'string' },
        skip: { type: 'string' },
        percent: { type: 'string' },
        add: { type: 'string' },
        round: { type: 'string' },
        'round-up': { type: 'string' },
        'include-discounts': { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        root: { type: 'string' },
      },
    });
    if (positionals.length > 0 || !values.catalog) throw new UserError(USAGE);
    if ((values.percent === undefined) === (values.add === undefined)) throw new UserError(`give exactly one of --percent and --add\n${USAGE}`);
    if (values.round !== undefined && values['round-up'] !== undefined) throw new UserError(`give at most one of --round and --round-up\n${USAGE}`);
    const selection = {
      type: values.type,
      subCategory: values['sub-category'],
      codes: codeList(values.codes),
      skip: codeList(values.skip),
      includeDiscounts: values['include-discounts'],
    };
    const stepText = values['round-up'] ?? values.round;
    const step = stepText === undefined ? undefined : parseAmount(stepText, values['round-up'] !== undefined ? '--round-up' : '--round');
    if (step !== undefined && step <= 0n) throw new UserError(`the rounding step must be above 0, got "${stepText}"`);
    const rule: PriceRule = {
      percent: values.percent === undefined ? undefined : parseDecimal(values.percent, '--percent'),
      add: values.add === undefined ? undefined : (Number(parseAmount(values.add, '--add')) as Money),
      step,
      up: values['round-up'] !== undefined,
    };

    const target = readCatalogTarget(projectRoot(values.root), values.catalog);
    const { plans, rows, selected, leftAlone } = planPriceChange(target.products, selection, rule);
    if (selected === 0) throw new UserError(`no product of ${target.relative} matches the selection; nothing was written`);
    console.log(priceTable(rows));
    for (const line of leftAloneLines(leftAlone)) console.log(line);
    const checked = checkCatalogUpdate(target, plans);
    const errors = checked.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      for (const diagnostic of errors) console.error(formatDiagnostic(diagnostic));
      const unchanged = checkCatalogUpdate(
        target,
        target.products.map((data, original) => ({ data, original })),
      );
      const ownErrors = unchanged.diagnostics.some((d) => d.severity === 'error');
      const discounts = !selection.includeDiscounts && errors.some((d) => d.path.includes('.discount'));
      console.error(
        `\n${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was written. ` +
          (ownErrors
            ? 'The catalog had errors before this change: run npm run validate and fix them first.'
            : `The new prices would break ${errors.length === 1 ? 'this rule' : 'these rules'}: ` +
              (discounts
                ? 'the volume prices stayed as they were; add --include-discounts to change them with the sizes, or leave these products out with --skip.'
                : 'change the selection (--skip leaves products out) or the amount.')),
      );
      return 1;
    }
    const summary = `${rows.length} price${rows.length === 1 ? '' : 's'} of ${selected} product${selected === 1 ? '' : 's'}`;
    if (values['dry-run']) {
      console.log(`Dry run: ${summary} would change; ${target.relative} not written.`);
      return 0;
    }
    const written = writeCatalog(target, checked.text);
    console.log(written ? `Wrote ${target.relative}: ${summary} changed.` : `No change: ${target.relative} not written.`);
    return 0;
  } catch (error) {
    return reportUserError(error);
  }
}

function codeList(text: string | undefined): string[] | undefined {
  return text
    ?.split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** What the change did not touch, said out loud. */
function leftAloneLines(leftAlone: PricesLeftAlone): string[] {
  const lines: string[] = [];
  if (leftAlone.finer > 0)
    lines.push(
      `${leftAlone.finer} price${leftAlone.finer === 1 ? '' : 's'} finer than a cent kept ${leftAlone.finer === 1 ? 'its' : 'their'} own decimals (--round 0.01 rounds them to cents).`,
    );
  if (leftAlone.zero > 0) lines.push(`Left unchanged: ${leftAlone.zero} price${leftAlone.zero === 1 ? '' : 's'} at 0 (no price shown).`);
  if (leftAlone.discountProducts > 0)
    lines.push(
      `Left unchanged: the volume prices of ${leftAlone.discountProducts} product${leftAlone.discountProducts === 1 ? '' : 's'} (--include-discounts changes them too).`,
    );
  return lines;
}

/** `--percent -10` as `--percent=-10`: a price cut is a negative number, not an option. */
function negativeNumbersAttached(argv: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const next = argv[index + 1];
    if ((argv[index] === '--percent' || argv[index] === '--add') && next !== undefined && /^-\$?\d/.test(next)) {
      out.push(`${argv[index]}=${next}`);
      index += 1;
    } else out.push(argv[index]!);
  }
  return out;
}

function priceTable(rows: PriceChangeRow[]): string {
  if (rows.length === 0) return 'No price changes (prices at 0 stay 0).';
  const lines = [
    ['code', 'price', 'before', 'after', 'change'],
    ...rows.map((row) => [row.code, row.where, formatMoney(row.before), formatMoney(row.after), percentChange(row.before, row.after)]),
  ];
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((cells) => cells[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [format(lines[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.slice(1).map(format)].join('\n');
}

function percentChange(before: Money, after: Money): string {
  const change = ((after - before) / before) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(2)} %`;
}
