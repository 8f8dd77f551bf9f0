import { useId, useState, type FormEvent } from 'react';
import { filterProblem, NO_FILTER, STATUS_CHOICES, type OrderFilterForm } from './order-filter-form.ts';

/**
 * The orders' filters: buyer, PO, the days placed and the status. Applied with 'Filter' (or
 * Enter), so typing does not ask the order API on every key; 'Clear' lists every order again.
 * While the order API answers, the last list stays and 'Finding orders…' says it is on its way.
 */
export function OrderFilterBar({ applied, onApply, busy }: { applied: OrderFilterForm; onApply(form: OrderFilterForm): void; busy: boolean }) {
  const id = useId();
  const [form, setForm] = useState(applied);
  const problem = filterProblem(form);
  const field = (name: keyof OrderFilterForm) => ({
    id: `${id}-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem === undefined) onApply(form);
  };
  const filtering = Object.values(applied).some((value) => value !== '');
  return (
    <form className="order-filter" role="search" aria-label="Filter orders" onSubmit={submit}>
      <label htmlFor={`${id}-buyer`}>
        Buyer
        <input {...field('buyer')} type="search" placeholder="Name or e-mail" maxLength={254} />
      </label>
      <label htmlFor={`${id}-po`}>
        PO
        <input {...field('po')} type="search" placeholder="Customer PO or PO" maxLength={100} />
      </label>
      <label htmlFor={`${id}-from`}>
        From
        <input {...field('from')} type="date" aria-describedby={`${id}-problem`} />
      </label>
      <label htmlFor={`${id}-to`}>
        To
        <input {...field('to')} type="date" aria-describedby={`${id}-problem`} />
      </label>
      <label htmlFor={`${id}-status`}>
        Status
        <select {...field('status')}>
          <option value="">Any</option>
          {STATUS_CHOICES.map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div className="order-filter__actions">
        <button type="submit" className="button" disabled={problem !== undefined} aria-busy={busy}>
          Filter
        </button>
        {busy && (
          <span className="order-filter__busy" role="status">
            Finding orders…
          </span>
        )}
        {filtering && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setForm(NO_FILTER);
              onApply(NO_FILTER);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      <p id={`${id}-problem`} className="order-filter__problem" aria-live="polite">
        {problem}
      </p>
    </form>
  );
}
