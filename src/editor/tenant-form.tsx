import { formatDataPath, type Diagnostic } from '../core/data/diagnostic.ts';
import type { Data } from './edit-state.ts';
import { problemsAt, Problems } from './field-problems.tsx';
import { boundFields, JsonField, ListField, NumberField, TextField, withField } from './fields.tsx';

interface TenantFormProps {
  file: string;
  tenant: Data;
  diagnostics: readonly Diagnostic[];
  catalogs: readonly string[];
  logos: readonly string[];
  onChange(tenant: Data): void;
}

type Segment = string | number;

/** A tenant: its names and contact details, account representatives, stores, logos and catalog. */
export function TenantForm({ file, tenant, diagnostics, catalogs, logos, onChange }: TenantFormProps) {
  const problems = (...segments: Segment[]) => problemsAt(diagnostics, file, formatDataPath(segments));
  const set = (key: string) => (value: unknown) => onChange(withField(tenant, key, value));
  const field = boundFields(
    tenant,
    onChange,
    (key) => problems(key),
    (key) => key,
  );
  return (
    <form className="tenant-form" aria-label={`Tenant ${file}`} onSubmit={(event) => event.preventDefault()}>
      <h2>{String(tenant.company_name ?? file)}</h2>
      <Problems list={diagnostics.filter((d) => d.file === file && d.path === '(file)')} />
      <fieldset>
        <legend>Names and contact</legend>
        {field(TextField, 'title', 'Storefront title')}
        {field(TextField, 'company_name', 'Company name')}
        {field(TextField, 'route_prefix', 'Route prefix')}
        {field(TextField, 'server_hostname', 'Order API address')}
        {field(ListField, 'email_recipients', 'Order e-mails go to (comma between)')}
        {field(TextField, 'shipping_email', 'Shipping e-mail')}
      </fieldset>
      <Rows
        legend="Account representatives"
        name="account_reps"
        rows={tenant.account_reps}
        fields={[
          ['name', 'Name'],
          ['phone', 'Phone'],
        ]}
        problems={problems}
        onChange={set('account_reps')}
      />
      <Rows
        legend="Stores"
        name="stores"
        rows={tenant.stores}
        fields={[
          ['name', 'Store name'],
          ['address', 'Address'],
          ['code', 'Store code'],
        ]}
        problems={problems}
        onChange={set('stores')}
      />
      <fieldset>
        <legend>Catalog and logos</legend>
        <Choice label="Catalog" value={tenant.catalog} options={catalogs} onChange={set('catalog')} problems={problems('catalog')} />
        <Choice label="Company logo" value={tenant.company_logo} options={logos} onChange={set('company_logo')} problems={problems('company_logo')} />
        {field(JsonField, 'logo_placements', 'Logo placements by category (JSON)')}
        {field(JsonField, 'embroideries', 'Embroideries by category (JSON)')}
        {field(NumberField, 'minimum_apparel_order', 'Minimum apparel order')}
        {field(NumberField, 'max_order_total', 'Largest order total')}
      </fieldset>
    </form>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
  problems,
}: {
  label: string;
  value: unknown;
  options: readonly string[];
  onChange(value: unknown): void;
  problems: Diagnostic[];
}) {
  const current = typeof value === 'string' ? value : '';
  return (
    <div className="field">
      <label>
        {label}{' '}
        <select value={current} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}>
          <option value="">(none)</option>
          {[...new Set([current, ...options])]
            .filter((option) => option !== '')
            .map((option) => (
              <option key={option}>{option}</option>
            ))}
        </select>
      </label>
      <Problems list={problems} />
    </div>
  );
}

function Rows({
  legend,
  name,
  rows,
  fields,
  problems,
  onChange,
}: {
  legend: string;
  name: string;
  rows: unknown;
  fields: [string, string][];
  problems(...segments: Segment[]): Diagnostic[];
  onChange(value: unknown): void;
}) {
  const list = Array.isArray(rows) ? (rows as Data[]) : [];
  return (
    <fieldset>
      <legend>{legend}</legend>
      <Problems list={problems(name).filter((d) => d.path === name)} />
      {list.map((row, index) => (
        <div className="row" key={index}>
          {fields.map(([key, label]) => (
            <TextField
              key={key}
              label={`${label} (${index + 1})`}
              value={row[key]}
              onChange={(value) => onChange(list.map((r, i) => (i === index ? withField(r, key, value) : r)))}
              problems={problems(name, index, key)}
              path={formatDataPath([name, index, key])}
            />
          ))}
          <button type="button" onClick={() => onChange(list.length === 1 ? undefined : list.filter((_, i) => i !== index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...list, Object.fromEntries(fields.map(([key]) => [key, '']))])}>
        Add
      </button>
    </fieldset>
  );
}
