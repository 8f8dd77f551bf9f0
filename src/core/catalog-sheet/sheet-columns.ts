import { KNOWN_SIZE_LABELS, sizeFamily } from '../../domain/size-labels.ts';

/**
 * The columns of a catalog sheet: one per product field, named as in the YAML so the validator's
 * paths (products[3].sizes.Small) and the sheet speak the same words, then one per size label.
 * How each field is written in a cell, and read back, is decided here once.
 */
export type FieldKind = 'text' | 'list' | 'boolean' | 'integer' | 'discount';

export interface FieldColumn {
  field: string;
  kind: FieldKind;
  /** Column width in characters, for the workbook. */
  width: number;
}

export const FIELD_COLUMNS: readonly FieldColumn[] = [
  { field: 'code', kind: 'text', width: 12 },
  { field: 'name', kind: 'text', width: 24 },
  { field: 'fullname', kind: 'text', width: 32 },
  { field: 'description', kind: 'text', width: 40 },
  { field: 'type', kind: 'text', width: 11 },
  { field: 'sub_category', kind: 'text', width: 14 },
  { field: 'colors', kind: 'list', width: 30 },
  { field: 'halfColors', kind: 'list', width: 20 },
  { field: 'default_color', kind: 'text', width: 14 },
  { field: 'restricted', kind: 'boolean', width: 10 },
  { field: 'supportedStores', kind: 'list', width: 18 },
  { field: 'discount', kind: 'discount', width: 22 },
  { field: 'min_quantity', kind: 'integer', width: 12 },
  { field: 'quantity_step', kind: 'integer', width: 13 },
];

export const SIZE_COLUMN_WIDTH = 9;

/** The order a new product's fields are written in: the schema's, sizes after the colours. */
export function productFieldOrder(): string[] {
  const fields = FIELD_COLUMNS.map((column) => column.field);
  fields.splice(fields.indexOf('default_color') + 1, 0, 'sizes');
  return fields;
}

/** What a cell holds once read: a spreadsheet's number, text or true/false, or nothing. */
export type CellValue = string | number | boolean | null;

/** A price with at least two decimals, as price lists are written: 71.50, 0.0279. */
export function priceText(price: number): string {
  const cents = price.toFixed(2);
  return Number(cents) === price ? cents : String(price);
}

/** A field's value as a person reads and edits it in one cell. */
export function fieldCell(kind: FieldKind, value: unknown): CellValue {
  if (value === undefined || value === null) return null;
  switch (kind) {
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'discount':
      return Array.isArray(value)
        ? value
            .map(
              (tier: { quantity?: unknown; price?: unknown }) =>
                `${String(tier.quantity)}: ${typeof tier.price === 'number' ? priceText(tier.price) : String(tier.price)}`,
            )
            .join('; ')
        : String(value);
    case 'integer':
      return typeof value === 'number' ? value : String(value);
    default:
      return String(value);
  }
}

/** A problem with how a cell is written that the data rules cannot see (a discount tier without its colon). */
export interface CellProblem {
  /** Within the field: ['discount', 1] for the second tier. */
  at: (string | number)[];
  message: string;
}

export interface ReadField {
  /** Absent when the cell is empty. */
  value?: unknown;
  problems: CellProblem[];
}

/** A cell read back into the field's value; whatever is not clearly a value goes on as written, for the validator to name. */
export function readFieldCell(column: FieldColumn, cell: CellValue): ReadField {
  const text = typeof cell === 'string' ? cell.trim() : cell;
  if (text === null || text === '') return { problems: [] };
  switch (column.kind) {
    case 'list':
      return {
        value: String(text)
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
        problems: [],
      };
    case 'boolean':
      if (typeof text === 'boolean') return { value: text, problems: [] };
      if (/^(true|false)$/i.test(String(text))) return { value: String(text).toLowerCase() === 'true', problems: [] };
      return { value: text, problems: [] };
    case 'integer':
      return { value: readNumber(text), problems: [] };
    case 'discount':
      return readDiscount(String(text));
    default:
      return { value: typeof text === 'number' ? String(normalizeFloat(text)) : String(text), problems: [] };
  }
}

function readDiscount(text: string): ReadField {
  const problems: CellProblem[] = [];
  const tiers = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, index) => {
      const match = /^([^:]*):(.*)$/.exec(part);
      if (!match) {
        problems.push({ at: [index], message: `volume price "${part}" must be written quantity: price, like 500: 71.50 (tiers separated by ;)` });
        return { quantity: part, price: part };
      }
      return { quantity: readNumber(match[1]!.trim()), price: readNumber(match[2]!.trim()) };
    });
  return { value: tiers, problems };
}

/**
 * A spreadsheet's number: a binary float is the decimal it was typed as (38.770000000000003 is
 * 38.77), text may carry spaces and a leading `$`. Anything else (12,99, "call us") stays text,
 * so the validator reports it where it is; nothing ambiguous is guessed.
 */
export function readNumber(cell: CellValue): unknown {
  if (typeof cell === 'number') return normalizeFloat(cell);
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  const unsigned = text.replace(/^\$\s*/, '');
  if (/^-?(\d+(\.\d*)?|\.\d+)$/.test(unsigned)) return Number(unsigned);
  return text;
}

/** Fifteen significant digits: what a float's decimal was typed as, with the binary noise dropped. */
function normalizeFloat(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(15)) : value;
}

/** Size columns in the order people read them: apparel, tall, one size, tiers by number, units; unknown ones last as found. */
export function orderSizeLabels(labels: Iterable<string>): string[] {
  const familyRank = { apparel: 0, tall: 1, 'one-size': 2, tier: 3, unit: 4 } as const;
  const found = [...new Set(labels)];
  const rank = (label: string): [number, number] => {
    const family = sizeFamily(label);
    if (family === undefined) return [5, found.indexOf(label)];
    if (family === 'tier') return [familyRank.tier, Number(label)];
    const known = KNOWN_SIZE_LABELS.indexOf(label);
    return [familyRank[family], known >= 0 ? known : KNOWN_SIZE_LABELS.length + found.indexOf(label)];
  };
  return found.sort((a, b) => {
    const [fa, ia] = rank(a);
    const [fb, ib] = rank(b);
    return fa - fb || ia - ib;
  });
}

/** 0 → A, 27 → AB: a column's letters as spreadsheets show them. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
