import type { ReactNode } from 'react';
import { EDITABLE_FIELDS, EDITABLE_LABELS, type EditableField, type LineEdits, type OrderLine } from './order-data.ts';
import { formatDollars, textOrNotAvailable } from './order-format.ts';

/** 'K500, Medium, Navy': how a line is named to assistive technology (edit buttons, inputs). */
export function lineName(line: OrderLine): string {
  return [line.code, line.size, line.color].filter((part) => typeof part === 'string' && part !== '').join(', ');
}

function quantityText(quantity: unknown): string {
  return typeof quantity === 'number' && Number.isFinite(quantity) ? quantity.toLocaleString('en-US') : textOrNotAvailable(quantity);
}

export interface LineEditing {
  /** The values being typed, while the line is in edit mode. */
  draft?: LineEdits;
  saving: boolean;
}

export interface OrderLinesProps {
  lines: OrderLine[];
  /** Present once the admin password was entered: lines get an edit toggle. */
  admin?: {
    editing(index: number): LineEditing;
    toggle(index: number): void;
    change(index: number, field: EditableField, value: string): void;
    save(index: number): void;
    cancel(index: number): void;
    editButtonRef(index: number, button: HTMLButtonElement | null): void;
  };
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
    </svg>
  );
}

/** An order's lines (spec section 2, Orders screen), with admin editing of the PO fields. */
export function OrderLines({ lines, admin }: OrderLinesProps) {
  return (
    <table className="order-lines">
      <thead>
        <tr>
          <th scope="col">Item Code</th>
          <th scope="col" className="order-lines__number">
            Quantity
          </th>
          <th scope="col" className="order-lines__number">
            Price
          </th>
          <th scope="col">Description</th>
          <th scope="col">Size</th>
          <th scope="col">Color</th>
          <th scope="col">Embroidery</th>
          <th scope="col">Customer PO</th>
          <th scope="col">PO</th>
          <th scope="col">Est. Ship Date</th>
          {admin && <th scope="col">Edit</th>}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const editing = admin?.editing(index);
          const draft = editing?.draft;
          const name = lineName(line);
          const editableCell = (field: EditableField): ReactNode =>
            draft && admin ? (
              <input
                className="order-lines__input"
                type="text"
                value={draft[field]}
                autoFocus={field === EDITABLE_FIELDS[0]}
                disabled={editing.saving}
                aria-label={`${EDITABLE_LABELS[field]} of line ${name}`}
                onChange={(event) => admin.change(index, field, event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    admin.save(index);
                  } else if (event.key === 'Escape') {
                    event.preventDefault();
                    admin.cancel(index);
                  }
                }}
              />
            ) : (
              textOrNotAvailable(line[field])
            );
          return (
            <tr key={index} className={draft ? 'order-lines__row--editing' : undefined}>
              <td>{textOrNotAvailable(line.code)}</td>
              <td className="order-lines__number">{quantityText(line.quantity)}</td>
              <td className="order-lines__number">{formatDollars(line.price)}</td>
              <td>{textOrNotAvailable(line.description)}</td>
              <td>{textOrNotAvailable(line.size)}</td>
              <td>{textOrNotAvailable(line.color)}</td>
              <td>{textOrNotAvailable(line.embroidery)}</td>
              <td>{editableCell('customer_po')}</td>
              <td>{editableCell('po')}</td>
              <td>{editableCell('est_ship_date')}</td>
              {admin && editing && (
                <td>
                  <div className="order-lines__actions">
                    <button
                      type="button"
                      className="icon-button"
                      ref={(button) => admin.editButtonRef(index, button)}
                      aria-label={`Edit line ${name}`}
                      aria-pressed={draft !== undefined}
                      title={draft ? 'Leave edit mode and save' : 'Edit Customer PO, PO and Est. Ship Date'}
                      disabled={editing.saving}
                      onClick={() => admin.toggle(index)}
                    >
                      <PencilIcon />
                    </button>
                    {draft && (
                      <>
                        <button type="button" className="button order-lines__save" disabled={editing.saving} aria-label={`Save line ${name}`} onClick={() => admin.save(index)}>
                          {editing.saving ? 'Saving…' : 'Save'}
                        </button>
                        <button type="button" className="link-button" disabled={editing.saving} aria-label={`Cancel editing line ${name}`} onClick={() => admin.cancel(index)}>
                          Cancel
                        </button>
                      </>
                    )}
                  </div>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
