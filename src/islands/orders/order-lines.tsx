import { useId, type ReactNode } from 'react';
import { EDITABLE_FIELDS, EDITABLE_LABELS, type EditableField, type LineEdits, type OrderLine } from './order-data.ts';
import { describeQuantity } from '../../domain/describe-quantity.ts';
import { isShipDate } from '../../domain/ship-date.ts';
import { formatLinePrice, formatShipDate, textOrNotAvailable } from './order-format.ts';
import { OrderLineMockup, type OrderLineMockups } from './order-line-mockup.tsx';

/** 'K500, Medium, Navy': how a line is named to assistive technology (edit buttons, inputs). */
export function lineName(line: OrderLine): string {
  return [line.code, line.size, line.color].filter((part) => typeof part === 'string' && part !== '').join(', ');
}

/** A print-run line reads '2 runs of 500 (1,000 pieces)', as on the success page and in the e-mail. */
function quantityText(line: OrderLine): string {
  const { quantity, size } = line;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return textOrNotAvailable(quantity);
  return typeof size === 'string' ? describeQuantity({ size, quantity }) : quantity.toLocaleString('en-US');
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
  /** Present where a line can be put into the cart again ('Order again' of one line). */
  orderAgain?: { run(index: number): void; busy: boolean };
  /** Present when the tenant shows lines' mock-ups and the catalog file is in. */
  mockupOf?: OrderLineMockups;
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}

/** The cells after Description that show a line's text as the order API sent it. */
const TEXT_CELLS: readonly { label: string; text: (line: OrderLine) => unknown }[] = [
  { label: 'Size', text: (line) => line.size },
  { label: 'Color', text: (line) => line.color },
  { label: 'Embroidery', text: (line) => line.embroidery },
  { label: 'Placement', text: (line) => line.placement },
  { label: 'Second Logo', text: (line) => line.second_embroidery },
  // A second placement without a second logo is a leftover of the form, not something ordered.
  { label: 'Second Placement', text: (line) => (line.second_embroidery ? line.second_placement : '') },
];

/**
 * The lines' column headers before Order again and Edit, in the spec's order (Orders screen): the
 * same labels the cells carry as data-label, so a line's card on a phone reads like the table.
 */
const COLUMNS: readonly { label: string; numeric?: boolean }[] = [
  { label: 'Item Code' },
  { label: 'Quantity', numeric: true },
  { label: 'Price', numeric: true },
  { label: 'Description' },
  ...TEXT_CELLS.map(({ label }) => ({ label })),
  ...EDITABLE_FIELDS.map((field) => ({ label: EDITABLE_LABELS[field] })),
];

/**
 * An order's lines (spec section 2, Orders screen): every field the order API sends, placements
 * and the second logo included, with admin editing of the PO fields. In edit mode the Edit
 * column stays at the right edge of the lines' scroll area (orders.css), so Save and Cancel are
 * on screen however wide the lines are.
 * Below 600 px each line is a card of 'label: value' rows (orders.css, from each cell's
 * data-label): ten columns do not fit a phone. The explicit roles keep the table's semantics
 * for screen readers once CSS no longer lays it out as a table.
 */
export function OrderLines({ lines, admin, orderAgain, mockupOf }: OrderLinesProps) {
  const id = useId();
  return (
    <table className="order-lines" role="table">
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map(({ label, numeric }) => (
            <th key={label} role="columnheader" scope="col" className={numeric ? 'order-lines__number' : undefined}>
              {label}
            </th>
          ))}
          {orderAgain && (
            <th role="columnheader" scope="col">
              Order Again
            </th>
          )}
          {admin && (
            <th role="columnheader" scope="col" className="order-lines__edit">
              Edit
            </th>
          )}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {lines.map((line, index) => {
          const editing = admin?.editing(index);
          const draft = editing?.draft;
          const name = lineName(line);
          const shown = (field: EditableField) => (field === 'est_ship_date' ? formatShipDate(line[field]) : textOrNotAvailable(line[field]));
          // A free-text Est. Ship Date from before the date input: kept unless a day is picked, and said so.
          const legacyShipDate = draft && draft.est_ship_date !== '' && !isShipDate(draft.est_ship_date) ? draft.est_ship_date : undefined;
          const editableCell = (field: EditableField): ReactNode =>
            draft && admin ? (
              <>
                <input
                  className="order-lines__input"
                  type={field === 'est_ship_date' ? 'date' : 'text'}
                  value={field === 'est_ship_date' && legacyShipDate !== undefined ? '' : draft[field]}
                  autoFocus={field === EDITABLE_FIELDS[0]}
                  disabled={editing.saving}
                  aria-label={`${EDITABLE_LABELS[field]} of line ${name}`}
                  aria-describedby={field === 'est_ship_date' && legacyShipDate !== undefined ? `${id}-was-${index}` : undefined}
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
                {field === 'est_ship_date' && legacyShipDate !== undefined && (
                  <span id={`${id}-was-${index}`} className="order-lines__was">
                    Currently “{legacyShipDate}”, kept unless you pick a day
                  </span>
                )}
              </>
            ) : (
              shown(field)
            );
          return (
            <tr key={index} role="row" className={draft ? 'order-lines__row--editing' : undefined}>
              <td role="cell" data-label="Item Code">
                {textOrNotAvailable(line.code)}
              </td>
              <td role="cell" data-label="Quantity" className="order-lines__number">
                {quantityText(line)}
              </td>
              <td role="cell" data-label="Price" className="order-lines__number">
                {formatLinePrice(line.price)}
              </td>
              <td role="cell" data-label="Description">
                <OrderLineMockup line={line} mockupOf={mockupOf} />
                {textOrNotAvailable(line.description)}
              </td>
              {TEXT_CELLS.map(({ label, text }) => (
                <td key={label} role="cell" data-label={label}>
                  {textOrNotAvailable(text(line))}
                </td>
              ))}
              {EDITABLE_FIELDS.map((field) => (
                <td key={field} role="cell" data-label={EDITABLE_LABELS[field]}>
                  {editableCell(field)}
                </td>
              ))}
              {orderAgain && (
                <td role="cell" data-label="Order Again">
                  <button
                    type="button"
                    className="button button--secondary order-lines__again"
                    disabled={orderAgain.busy}
                    aria-label={`Order again line ${name}`}
                    onClick={() => orderAgain.run(index)}
                  >
                    Order again
                  </button>
                </td>
              )}
              {admin && editing && (
                <td role="cell" data-label="Edit" className="order-lines__edit">
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
                        <button
                          type="button"
                          className="button order-lines__save"
                          disabled={editing.saving}
                          aria-label={`Save line ${name}`}
                          onClick={() => admin.save(index)}
                        >
                          {editing.saving ? 'Saving…' : 'Save'}
                        </button>
                        <button
                          type="button"
                          className="link-button"
                          disabled={editing.saving}
                          aria-label={`Cancel editing line ${name}`}
                          onClick={() => admin.cancel(index)}
                        >
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
