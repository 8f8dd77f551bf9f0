import { useId, useState, type FormEvent } from 'react';
import { EDITABLE_FIELDS, EDITABLE_LABELS, sharedEdits, type LineEdits, type PlacedOrder } from './order-data.ts';

/**
 * The admin's 'Edit whole order': Customer PO, PO and Est. Ship Date for every line of an order
 * in one save (one update-historical-order call), beside the per-line edit. Each field starts
 * with the value all lines share (empty where they differ); only the fields changed here are
 * set on every line, so a field left as it was keeps each line's own value.
 */
export function WholeOrderEdit({ order, saving, onSave }: { order: PlacedOrder; saving: boolean; onSave(edits: Partial<LineEdits>): Promise<boolean> }) {
  const [draft, setDraft] = useState<LineEdits>();
  const id = useId();
  const lines = order.order.length;
  if (draft === undefined) {
    return (
      <p className="whole-order">
        <button type="button" className="button button--secondary" onClick={() => setDraft(sharedEdits(order))}>
          Edit whole order
        </button>
      </p>
    );
  }
  const start = sharedEdits(order);
  const changed = Object.fromEntries(
    EDITABLE_FIELDS.filter((field) => draft[field].trim() !== start[field]).map((field) => [field, draft[field]]),
  ) as Partial<LineEdits>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (Object.keys(changed).length === 0 || (await onSave(changed))) setDraft(undefined);
  };
  return (
    <form
      className="whole-order whole-order--editing"
      aria-label={`Edit all ${lines} lines of the order`}
      aria-describedby={`${id}-hint`}
      onSubmit={(event) => void submit(event)}
    >
      <p id={`${id}-hint`} className="whole-order__hint">
        What you change here is set on all {lines} {lines === 1 ? 'line' : 'lines'}; a field left as it is keeps each line's own value.
      </p>
      {EDITABLE_FIELDS.map((field) => (
        <label key={field} className="whole-order__field">
          <span>{EDITABLE_LABELS[field]}</span>
          <input
            type={field === 'est_ship_date' ? 'date' : 'text'}
            value={draft[field]}
            disabled={saving}
            autoFocus={field === EDITABLE_FIELDS[0]}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(undefined);
            }}
          />
        </label>
      ))}
      <span className="whole-order__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : `Save for all ${lines} ${lines === 1 ? 'line' : 'lines'}`}
        </button>
        <button type="button" className="link-button" disabled={saving} onClick={() => setDraft(undefined)}>
          Cancel
        </button>
      </span>
    </form>
  );
}
