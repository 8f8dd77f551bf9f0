import { useState, type FormEvent } from 'react';
import type { DeskFilter } from '../../contracts/desk-requests.ts';
import type { DeskTenant } from '../../contracts/desk-responses.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status.ts';

const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/** The desk's filters: tenant, status, days, store, PO and a search; applied together. */
export function DeskFilterBar({ tenants, applied, onApply }: { tenants: readonly DeskTenant[]; applied: DeskFilter; onApply(filter: DeskFilter): void }) {
  const [draft, setDraft] = useState<DeskFilter>(applied);
  const set = (field: keyof DeskFilter) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const stores = tenants.find((tenant) => tenant.id === draft.tenant)?.stores ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft });
  };
  return (
    <form className="desk-filters" aria-label="Filter orders" onSubmit={submit}>
      <label>
        Tenant
        <select name="tenant" value={draft.tenant ?? ''} onChange={set('tenant')}>
          <option value="">All tenants</option>
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.company_name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" value={draft.status ?? ''} onChange={set('status')}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="date" name="from" value={draft.from ?? ''} onChange={set('from')} />
      </label>
      <label>
        To
        <input type="date" name="to" value={draft.to ?? ''} onChange={set('to')} />
      </label>
      <label>
        Store
        <select name="store" value={draft.store ?? ''} onChange={set('store')} disabled={stores.length === 0}>
          <option value="">Any store</option>
          {stores.map((store) => (
            <option key={store}>{store}</option>
          ))}
        </select>
      </label>
      <label>
        PO
        <input name="po" value={draft.po ?? ''} maxLength={100} onChange={set('po')} />
      </label>
      <label>
        Search
        <input type="search" name="search" placeholder="Order number, buyer, PO" value={draft.search ?? ''} maxLength={254} onChange={set('search')} />
      </label>
      <button type="submit" className="button button--secondary">
        Apply filters
      </button>
    </form>
  );
}
