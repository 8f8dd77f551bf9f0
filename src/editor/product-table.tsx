import { memo, useMemo, useState, type UIEvent } from 'react';
import type { Data } from './edit-state.ts';

export interface RowProblems {
  errors: number;
  warnings: number;
}

interface ProductTableProps {
  products: readonly Data[];
  /** Problems by product index. */
  problems: ReadonlyMap<number, RowProblems>;
  selected?: number;
  onSelect(index: number): void;
}

/** A row's height in pixels (editor.css gives rows this height): only the rows in view are made. */
const ROW_HEIGHT = 26;
/** Rows made beyond the view on each side, so a quick scroll shows no gap. */
const OVERSCAN = 15;

type SortKey = 'code' | 'name' | 'type' | 'sub_category' | 'price' | 'problems';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'code', label: 'Code' },
  { key: 'name', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'sub_category', label: 'Sub-category' },
  { key: 'price', label: 'From' },
  { key: 'problems', label: 'Problems' },
];

/** A catalog's products: found by code or name as typed, filtered by type and sub-category, sorted by any column. */
export function ProductTable({ products, problems, selected, onSelect }: ProductTableProps) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [subCategory, setSubCategory] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; down: boolean }>({ key: 'code', down: false });
  const [view, setView] = useState({ top: 0, height: 900 });
  const types = useMemo(() => distinct(products.map((p) => p.type)), [products]);
  const subCategories = useMemo(() => distinct(products.filter((p) => type === '' || p.type === type).map((p) => p.sub_category)), [products, type]);

  const rows = useMemo(() => {
    const words = search.trim().toLowerCase();
    const shown = products
      .map((product, index) => ({ product, index }))
      .filter(
        ({ product }) =>
          (type === '' || product.type === type) &&
          (subCategory === '' || product.sub_category === subCategory) &&
          (words === '' || `${String(product.code ?? '')} ${String(product.name ?? '')} ${String(product.fullname ?? '')}`.toLowerCase().includes(words)),
      );
    const value = (row: { product: Data; index: number }): string | number =>
      sort.key === 'price' ? lowestPrice(row.product) : sort.key === 'problems' ? (problems.get(row.index)?.errors ?? 0) : String(row.product[sort.key] ?? '');
    // An exact code match first: typing K500 finds K500 before K5000.
    const exact = (row: { product: Data }) => (words !== '' && String(row.product.code ?? '').toLowerCase() === words ? 0 : 1);
    return shown.sort((a, b) => exact(a) - exact(b) || compare(value(a), value(b)) * (sort.down ? -1 : 1));
  }, [products, problems, search, type, subCategory, sort]);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  return (
    <section className="product-table" aria-label="Products">
      <div className="filters">
        <label>
          Search by code or name <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="K500, polo…" />
        </label>
        <label>
          Type{' '}
          <select value={type} onChange={(event) => (setType(event.target.value), setSubCategory(''))}>
            <option value="">all</option>
            {types.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Sub-category{' '}
          <select value={subCategory} onChange={(event) => setSubCategory(event.target.value)}>
            <option value="">all</option>
            {subCategories.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <span className="count">
          {rows.length} of {products.length}
        </span>
      </div>
      <div
        className="table-scroll"
        onScroll={(event: UIEvent<HTMLDivElement>) => setView({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
      >
        <table>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.key} aria-sort={sort.key === column.key ? (sort.down ? 'descending' : 'ascending') : undefined}>
                  <button type="button" onClick={() => setSort({ key: column.key, down: sort.key === column.key && !sort.down })}>
                    {column.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />
            {rows.slice(first, last).map(({ product, index }) => (
              <Row key={index} product={product} index={index} problems={problems.get(index)} selected={index === selected} onSelect={onSelect} />
            ))}
            <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} />
          </tbody>
        </table>
      </div>
    </section>
  );
}

const Row = memo(function Row({
  product,
  index,
  problems,
  selected,
  onSelect,
}: {
  product: Data;
  index: number;
  problems?: RowProblems;
  selected: boolean;
  onSelect(index: number): void;
}) {
  const price = lowestPrice(product);
  return (
    <tr className={selected ? 'selected' : undefined} onClick={() => onSelect(index)} data-code={String(product.code ?? '')}>
      <td>
        <button type="button" className="link" onClick={() => onSelect(index)}>
          {String(product.code ?? '')}
        </button>
      </td>
      <td>{String(product.name ?? '')}</td>
      <td>{String(product.type ?? '')}</td>
      <td>{String(product.sub_category ?? '')}</td>
      <td className="price">{Number.isFinite(price) ? price.toFixed(2) : ''}</td>
      <td className={problems?.errors ? 'error' : undefined}>
        {problems ? `${problems.errors || ''}${problems.errors ? ' errors' : ''}${problems.warnings ? ` ${problems.warnings} warnings` : ''}`.trim() : ''}
      </td>
    </tr>
  );
});

function lowestPrice(product: Data): number {
  const prices = Object.values((product.sizes as Data | undefined) ?? {}).filter((price): price is number => typeof price === 'number' && price > 0);
  return prices.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...prices);
}

/** One collator for every comparison: localeCompare with options makes one per call, a second a sort of 600. */
const COLLATOR = new Intl.Collator(undefined, { numeric: true });

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  return COLLATOR.compare(String(a), String(b));
}

function distinct(values: unknown[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();
}
