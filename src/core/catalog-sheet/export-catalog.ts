import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES } from '../../domain/categories.ts';
import { parse } from 'yaml';
import type { TenantFile } from '../data/file-shapes.ts';
import { listFiles } from '../data/list-files.ts';
import { REPO_ROOT } from '../project-root.ts';
import type { CatalogTarget } from './catalog-target.ts';
import { FIELD_COLUMNS, fieldCell, orderSizeLabels, SIZE_COLUMN_WIDTH, type CellValue } from './sheet-columns.ts';
import type { ExportTable } from './sheet-files.ts';

/**
 * The catalog as a table: a row per product in the catalog's order, a column per field, then a
 * column per size label the catalog uses with the price in the cell (empty: not offered), and
 * what each column means with its allowed values (read from the schema, so they cannot drift).
 */
export function catalogTable(target: CatalogTarget): ExportTable {
  const labels = orderSizeLabels(target.products.flatMap((product) => Object.keys((product.sizes ?? {}) as object)));
  const rows: CellValue[][] = target.products.map((product) => {
    const sizes = (product.sizes ?? {}) as Record<string, unknown>;
    return [
      ...FIELD_COLUMNS.map((column) => fieldCell(column.kind, product[column.field])),
      ...labels.map((label) => (label in sizes ? (sizes[label] as CellValue) : null)),
    ];
  });
  const columns = [
    ...FIELD_COLUMNS.map((column) => ({ header: column.field, width: column.width, price: false })),
    ...labels.map((label) => ({ header: label, width: Math.max(SIZE_COLUMN_WIDTH, label.length + 2), price: true })),
  ];
  return { columns, rows, explanations: explanations(target, labels) };
}

function explanations(target: CatalogTarget, labels: string[]): [string, string, string][] {
  const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'catalog.schema.json'), 'utf8')) as {
    $defs: { product: { properties: Record<string, { description?: string }>; required: string[] } };
  };
  const { properties, required } = schema.$defs.product;
  const stores = storeCodes(target.root);
  const allowed: Record<string, string> = {
    code: 'letters, digits, dots, dashes and underscores; unique in the catalog; a row is matched to its product by this code',
    type: CATEGORIES.join(', '),
    colors: 'colour names separated by commas (Navy, Black, Royal Blue); each needs its photo catalogs/images/<code>_<colour>.jpg',
    halfColors: 'two-tone colours separated by commas (Black Red, White Navy)',
    default_color: 'one of the colors',
    restricted: 'true, false or empty',
    supportedStores: `store codes separated by commas: ${stores}`,
    discount: 'quantity: price pairs separated by semicolons (500: 71.50; 1000: 69.00)',
    min_quantity: 'a whole number, 1 or more',
    quantity_step: 'a whole number, 1 or more',
  };
  const fieldRows = FIELD_COLUMNS.map((column): [string, string, string] => [
    column.field,
    `${properties[column.field]?.description ?? ''}${required.includes(column.field) ? ' Required.' : ''}`,
    allowed[column.field] ?? 'text',
  ]);
  return [
    ...fieldRows,
    [
      labels.join(', ') || '(size labels)',
      'One column per size label: the unit price in dollars (at most 4 decimals, a decimal point, an optional $). Empty: the product does not come in that size. 0: a size without a shown price.',
      `labels: apparel (XSmall … 10XL, 2XLarge … 6XLarge), tall (LT … 4XLT), OSFA, S_M, M_L, L_XL, print-run tiers (500), units (# boxes, 1 box, 5 boxes); a new column adds a size`,
    ],
    [
      '',
      `Import with: npm run catalog:import -- <this file> --catalog ${target.id}. Rows are matched by code; a row without a product adds one; a missing row removes one only with --allow-remove.`,
      '',
    ],
  ];
}

/** The store codes of every tenant, read without the whole project's checks (an export only lists them). */
function storeCodes(root: string): string {
  const codes = new Set<string>();
  for (const name of listFiles(path.join(root, 'tenants')).filter((file) => file.endsWith('.yaml') && !file.startsWith('_'))) {
    try {
      const tenant = parse(readFileSync(path.join(root, 'tenants', name), 'utf8')) as Partial<TenantFile> | null;
      for (const store of tenant?.stores ?? []) if (typeof store.code === 'string') codes.add(store.code);
    } catch {
      // A tenant file that does not parse has its error in npm run validate; its stores are not listed here.
    }
  }
  return [...codes].sort().join(', ');
}
