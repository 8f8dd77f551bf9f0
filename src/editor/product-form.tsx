import { formatDataPath, type Diagnostic } from '../core/data/diagnostic.ts';
import { productImageFile } from '../domain/image-names.ts';
import { problemsAt, Problems } from './field-problems.tsx';
import { boundFields, JsonField, ListField, NumberField, TextField, withField } from './fields.tsx';
import type { Data } from './edit-state.ts';

interface ProductFormProps {
  file: string;
  index: number;
  product: Data;
  diagnostics: readonly Diagnostic[];
  onChange(product: Data): void;
  /** Where the browser shows a photo of catalogs/images/, when it exists (saved or just dropped). */
  photoUrl(file: string): string | undefined;
}

/** One product of a catalog, every field of it, each with its problems underneath. */
export function ProductForm({ file, index, product, diagnostics, onChange, photoUrl }: ProductFormProps) {
  const at = formatDataPath(['products', index]);
  const pathOf: PathOf = (...segments) => formatDataPath(['products', index, ...segments]);
  const problems: ProblemsOf = (...segments) => problemsAt(diagnostics, file, pathOf(...segments));
  const set = (key: string) => (value: unknown) => onChange(withField(product, key, value));
  const field = boundFields(
    product,
    onChange,
    (key) => problems(key),
    (key) => pathOf(key),
  );
  const own = diagnostics.filter((d) => d.file === file && d.path === at);
  return (
    <form className="product-form" aria-label={`Product ${String(product.code ?? '')}`} onSubmit={(event) => event.preventDefault()}>
      <h2>
        {String(product.code ?? '')} {String(product.name ?? '')}
      </h2>
      <Problems list={own} />
      <fieldset>
        <legend>Product</legend>
        {field(TextField, 'code', 'Code')}
        {field(TextField, 'name', 'Name')}
        {field(TextField, 'fullname', 'Full name')}
        <TextField
          label="Description"
          value={product.description}
          onChange={set('description')}
          problems={problems('description')}
          path={pathOf('description')}
          multiline
        />
        {field(TextField, 'type', 'Type')}
        {field(TextField, 'sub_category', 'Sub-category')}
      </fieldset>
      <fieldset>
        <legend>Colours and photos</legend>
        {field(ListField, 'colors', 'Colours (comma between them)')}
        {field(ListField, 'halfColors', 'Two-tone colours')}
        {field(TextField, 'default_color', 'Default colour')}
        <ColourPhotos code={String(product.code ?? '')} colours={[...asList(product.colors), ...asList(product.halfColors)]} photoUrl={photoUrl} />
      </fieldset>
      <SizesEditor pathOf={pathOf} sizes={product.sizes} problems={problems} onChange={set('sizes')} />
      <TiersEditor pathOf={pathOf} tiers={product.discount} problems={problems} onChange={set('discount')} />
      <fieldset>
        <legend>Ordering, logos and stores</legend>
        {field(NumberField, 'min_quantity', 'Minimum quantity')}
        {field(NumberField, 'quantity_step', 'Quantity step')}
        {field(ListField, 'supportedStores', 'Only for stores (codes)')}
        {field(JsonField, 'placement_areas', 'Logo areas (JSON)')}
        {field(JsonField, 'color_placement_areas', 'Logo areas by colour (JSON)')}
      </fieldset>
    </form>
  );
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function ColourPhotos({ code, colours, photoUrl }: { code: string; colours: string[]; photoUrl(file: string): string | undefined }) {
  return (
    <ul className="colour-photos">
      {colours.map((colour) => {
        const file = productImageFile(code, colour);
        const url = photoUrl(file);
        return (
          <li key={colour}>
            {url ? <img src={url} alt={`${code} ${colour}`} width={64} height={64} loading="lazy" /> : <span className="no-photo">no photo</span>}
            <span>
              {colour}
              <br />
              <small>{file}</small>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

type PathOf = (...segments: (string | number)[]) => string;
type ProblemsOf = (...segments: (string | number)[]) => Diagnostic[];

function SizesEditor({ pathOf, sizes, problems, onChange }: { pathOf: PathOf; sizes: unknown; problems: ProblemsOf; onChange(value: unknown): void }) {
  const entries = Object.entries(sizes && typeof sizes === 'object' && !Array.isArray(sizes) ? (sizes as Data) : {});
  const rename = (from: string, to: string) => onChange(Object.fromEntries(entries.map(([label, price]) => [label === from ? to : label, price])));
  return (
    <fieldset>
      <legend>Sizes and prices</legend>
      <Problems list={problems('sizes').filter((d) => d.path === pathOf('sizes'))} />
      {entries.map(([label, price], row) => (
        <div className="row" key={row}>
          <TextField label="Size" value={label} onChange={(value) => rename(label, String(value ?? ''))} path={`${pathOf('sizes', label)}#label`} />
          <NumberField
            label={`Price of ${label}`}
            value={price}
            onChange={(value) => onChange(Object.fromEntries(entries.map(([l, p]) => [l, l === label ? (value ?? '') : p])))}
            problems={problems('sizes', label)}
            path={pathOf('sizes', label)}
          />
          <button type="button" onClick={() => onChange(Object.fromEntries(entries.filter(([l]) => l !== label)))}>
            Remove {label}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange({ ...Object.fromEntries(entries), [newLabel(entries.map(([label]) => label))]: 0 })}>
        Add a size
      </button>
    </fieldset>
  );
}

function newLabel(taken: string[]): string {
  let n = 1;
  while (taken.includes(`New size ${n}`)) n += 1;
  return `New size ${n}`;
}

function TiersEditor({ pathOf, tiers, problems, onChange }: { pathOf: PathOf; tiers: unknown; problems: ProblemsOf; onChange(value: unknown): void }) {
  const rows = Array.isArray(tiers) ? (tiers as Data[]) : [];
  const setRow = (index: number, key: string, value: unknown) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value ?? '' } : row)));
  return (
    <fieldset>
      <legend>Volume prices (discount tiers)</legend>
      <Problems list={problems('discount').filter((d) => d.path === pathOf('discount'))} />
      {rows.map((row, index) => (
        <div className="row" key={index}>
          <NumberField
            label={`From quantity (tier ${index + 1})`}
            value={row.quantity}
            onChange={(value) => setRow(index, 'quantity', value)}
            problems={problems('discount', index, 'quantity')}
            path={pathOf('discount', index, 'quantity')}
          />
          <NumberField
            label={`Price each (tier ${index + 1})`}
            value={row.price}
            onChange={(value) => setRow(index, 'price', value)}
            problems={problems('discount', index, 'price')}
            path={pathOf('discount', index, 'price')}
          />
          <button type="button" onClick={() => onChange(rows.length === 1 ? undefined : rows.filter((_, i) => i !== index))}>
            Remove tier {index + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { quantity: 0, price: 0 }])}>
        Add a tier
      </button>
    </fieldset>
  );
}
