import { useRef, useState } from 'react';
import { lineKey, without } from './keyed-state.ts';
import { editsOf, sameEdits, updateBody, type LineEdits, type PlacedOrder } from './order-data.ts';
import type { OrderLinesProps } from './order-lines.tsx';
import type { OrderChanges } from './use-order-changes.ts';

/**
 * The admin's edit mode of single lines (Customer PO, PO and Est. Ship Date): the values being
 * typed per line, kept until saved or cancelled; leaving edit mode saves them. Focus goes back
 * to the line's edit button after a save or a cancel, so a keyboard user stays on the line.
 */
export function useLineEdits({ companyName, changes }: { companyName: string; changes: OrderChanges }) {
  const [drafts, setDrafts] = useState<Readonly<Record<string, LineEdits>>>({});
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const dropDraft = (k: string) => setDrafts((previous) => without(previous, k));

  const save = (key: string, index: number, edits: LineEdits) => {
    const k = lineKey(key, index);
    void changes.update(
      key,
      k,
      (order) => updateBody(order, index, edits, companyName),
      () => {
        const button = editButtons.current.get(k);
        const row = button?.closest('tr');
        if (button && (row?.contains(document.activeElement) || document.activeElement === document.body)) button.focus();
        dropDraft(k);
      },
    );
  };

  /** The edit controls of one order's lines. */
  const controlsOf = (key: string, order: PlacedOrder): NonNullable<OrderLinesProps['admin']> => {
    const leave = (index: number) => {
      const k = lineKey(key, index);
      const draft = drafts[k];
      if (draft === undefined || changes.saving.has(k)) return;
      // Nothing changed: leaving edit mode needs no call.
      if (sameEdits(draft, editsOf(order.order[index]!))) dropDraft(k);
      else save(key, index, draft);
    };
    return {
      editing: (index) => ({ draft: drafts[lineKey(key, index)], saving: changes.saving.has(lineKey(key, index)) }),
      change(index, field, value) {
        const k = lineKey(key, index);
        setDrafts((previous) => ({ ...previous, [k]: { ...(previous[k] ?? editsOf(order.order[index]!)), [field]: value } }));
      },
      toggle(index) {
        const k = lineKey(key, index);
        if (drafts[k] === undefined) setDrafts((previous) => ({ ...previous, [k]: editsOf(order.order[index]!) }));
        else leave(index);
      },
      save: leave,
      cancel(index) {
        dropDraft(lineKey(key, index));
        editButtons.current.get(lineKey(key, index))?.focus();
      },
      editButtonRef(index, button) {
        if (button) editButtons.current.set(lineKey(key, index), button);
        else editButtons.current.delete(lineKey(key, index));
      },
    };
  };

  return { controlsOf };
}
