import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import { askPassword } from '../shared/ask-password.ts';
import { errorMessage, OrderApiError, postOrderApi, UNEXPECTED_ERROR } from '../shared/order-api.ts';
import { forgetOrderSession, readOrderSession, saveOrderSession, startOrderSession, type OrderSession } from '../shared/order-session.ts';
import type { OrdersIslandProps } from '../shared/ordering-props.ts';
import { useNotice } from '../shared/use-notice.tsx';
import { AdminUnlock } from './admin-unlock.tsx';
import {
  appendOrders,
  editsOf,
  linesAfterUpdate,
  nextCursorOf,
  orderKey,
  orderName,
  ordersFromResponse,
  ORDERS_PAGE_SIZE,
  sameEdits,
  updateBody,
  wholeOrderBody,
  type EditableField,
  type LineEdits,
  type PlacedOrder,
  type UpdateBody,
} from './order-data.ts';
import { orderNumber } from '../../domain/order-number.ts';
import { formatOrderDate, formatOrderTotal, textOrNotAvailable } from './order-format.ts';
import { OrderLines, type LineEditing } from './order-lines.tsx';
import { useOrderLineMockups } from './order-line-mockup.tsx';
import { OrderAgainSummary, useOrderAgain } from './order-again-summary.tsx';
import { WholeOrderEdit } from './whole-order-edit.tsx';
import { ORDER_STATUS_LABELS } from '../../domain/order-status.ts';
import { statusAfterSet, type StatusChangeRequest } from './order-status-data.ts';
import { OrderStatusEditor } from './order-status-editor.tsx';
import { OrderStatusHistory, StatusSummary } from './order-status-history.tsx';

/** `nextCursor`: where the next page of orders starts, null when every order is listed. */
type Load = { state: 'loading' } | { state: 'locked' } | { state: 'failed'; message: string } | { state: 'loaded'; orders: PlacedOrder[]; nextCursor: string | null };

/** Shown where the orders would be until the password is given. */
export const LOCKED_MESSAGE = 'Enter the password to see the orders.';

/**
 * Which password shows the orders, named for what the tenant has: the group's shared password
 * and the admin password, only one of them, or neither (then nobody can sign in here).
 */
export function passwordWanted({ hasGroupPassword, hasAdminPassword }: Pick<OrdersIslandProps, 'hasGroupPassword' | 'hasAdminPassword'>): string | undefined {
  if (hasGroupPassword && hasAdminPassword) return "the group's password, or the admin password";
  if (hasGroupPassword) return "the group's password";
  if (hasAdminPassword) return 'the admin password';
  return undefined;
}

function browserSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Where a line's edit state is kept: its order and its position in it. */
function lineKey(key: string, index: number): string {
  return `${key}#${index}`;
}

/** Where the status editor's saving state is kept. */
function statusKey(key: string): string {
  return `${key}#status`;
}

/** Where the whole-order edit's saving state is kept. */
function wholeOrderKey(key: string): string {
  return `${key}#all`;
}

/**
 * The tenant's placed and paid orders, newest first (spec section 2, Orders screen). The build
 * and the hydration render the loading state; the orders are fetched in an effect. The order
 * API lists them only for a session of the tenant: without one (401) the page asks once per
 * browser session for the group's password (or the admin password) in a dialog and keeps the
 * token in sessionStorage. 'Admin' exchanges the admin password for an admin session, kept in
 * memory only (a reload is back to the staff view); it may edit Customer PO, PO and Est. Ship
 * Date of a line, and leaving edit mode saves them.
 */
export function OrdersIsland({ apiBase, companyName, tenantId, hasAdminPassword, hasGroupPassword, orderAgain, mockupLogos }: OrdersIslandProps) {
  const wanted = passwordWanted({ hasGroupPassword, hasAdminPassword });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [session, setSession] = useState<OrderSession>();
  /** The admin session of the 'Admin' control: memory only, so a reload is back to the staff view. */
  const [unlocked, setUnlocked] = useState<OrderSession>();
  const [loadingMore, setLoadingMore] = useState(false);
  /** Counts list loads, so a 'Load more' answer for a list since replaced is dropped. */
  const listGeneration = useRef(0);
  const [signingIn, setSigningIn] = useState(false);
  const [drafts, setDrafts] = useState<Readonly<Record<string, LineEdits>>>({});
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const notice = useNotice();
  const again = useOrderAgain(orderAgain, tenantId);
  const mockupOf = useOrderLineMockups(orderAgain.catalogPricesUrl, mockupLogos, expanded.size > 0);
  /** The order whose line the last message is about: shown under its lines, near the edit button; else under the list. */
  const [noticeOrder, setNoticeOrder] = useState<string>();
  const id = useId();
  const dialogId = `${id}-sign-in`;

  // Saves run one after another, each built from the latest saved lines, so two quick
  // saves on one order never send each other's old values.
  const ordersRef = useRef<PlacedOrder[]>([]);
  const saveQueue = useRef<Promise<void>>(Promise.resolve());
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  if (load.state === 'loaded') ordersRef.current = load.orders;

  const keepSession = useCallback(
    (next: OrderSession | undefined) => {
      if (next) saveOrderSession(browserSession(), tenantId, next);
      else forgetOrderSession(browserSession(), tenantId);
      setSession(next);
    },
    [tenantId],
  );

  /** A 401: the session is gone or expired. Ask again, keeping whatever is on screen. */
  const sessionRefused = useCallback(() => {
    keepSession(undefined);
    setUnlocked(undefined);
    setLoad((previous) => (previous.state === 'loaded' ? previous : { state: 'locked' }));
    setSigningIn(true);
  }, [keepSession]);

  useEffect(() => {
    let current = true;
    const generation = ++listGeneration.current;
    // An admin session lists more of each order (how it was placed, from where).
    const active = unlocked ?? readOrderSession(browserSession(), tenantId);
    setSession(active);
    setLoadingMore(false);
    // Orders already on screen stay there while they are fetched again.
    setLoad((previous) => (previous.state === 'loaded' ? previous : { state: 'loading' }));
    postOrderApi<unknown>(apiBase, '/v1/retrieve-orders', { companyName, limit: ORDERS_PAGE_SIZE }, { token: active?.token })
      .then((data) => {
        if (current && generation === listGeneration.current) setLoad({ state: 'loaded', orders: ordersFromResponse(data), nextCursor: nextCursorOf(data) });
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof OrderApiError && error.status === 401) return sessionRefused();
        if (!(error instanceof OrderApiError)) console.error(error);
        setLoad({ state: 'failed', message: errorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [apiBase, companyName, tenantId, attempt, unlocked, sessionRefused]);

  const loadMore = async (cursor: string) => {
    const generation = listGeneration.current;
    setLoadingMore(true);
    try {
      const data = await postOrderApi<unknown>(apiBase, '/v1/retrieve-orders', { companyName, limit: ORDERS_PAGE_SIZE, cursor }, { token: session?.token });
      const page = ordersFromResponse(data);
      if (generation !== listGeneration.current) return;
      setLoad((previous) => (previous.state === 'loaded' ? { state: 'loaded', orders: appendOrders(previous.orders, page), nextCursor: nextCursorOf(data) } : previous));
    } catch (error) {
      if (generation !== listGeneration.current) return;
      if (!(error instanceof OrderApiError)) console.error(error);
      // The orders listed stay, and the button stays to try again.
      setNoticeOrder(undefined);
      notice.show('error', errorMessage(error));
      if (error instanceof OrderApiError && error.status === 401) sessionRefused();
    } finally {
      if (generation === listGeneration.current) setLoadingMore(false);
    }
  };

  useEffect(() => {
    // A tenant without any password that shows orders has nothing to ask for.
    if (!signingIn || wanted === undefined) return;
    const dialog = document.getElementById(dialogId) as HTMLDialogElement | null;
    if (!dialog) return;
    let started: OrderSession | undefined;
    void askPassword(dialog, async (typed) => {
      try {
        started = await startOrderSession(apiBase, companyName, typed);
        return true;
      } catch (error) {
        if (error instanceof OrderApiError && error.status === 401) return 'Wrong password';
        throw error;
      }
    }).then(() => {
      setSigningIn(false);
      if (!started) return;
      keepSession(started);
      setAttempt((n) => n + 1);
    });
  }, [signingIn, wanted, dialogId, apiBase, companyName, keepSession]);

  const toggleExpanded = (key: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const setSavingLine = (key: string, on: boolean) =>
    setSaving((previous) => {
      const next = new Set(previous);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const dropDraft = (key: string) =>
    setDrafts((previous) => {
      const { [key]: _dropped, ...rest } = previous;
      return rest;
    });

  /** Fields of an order replaced by an answer's: the ref now, not at the next render, so a queued save reads it right after. */
  const replaceOrder = useCallback((key: string, fields: Partial<PlacedOrder>) => {
    ordersRef.current = ordersRef.current.map((o) => (orderKey(o) === key ? { ...o, ...fields } : o));
    const orders = ordersRef.current;
    setLoad((previous) => ({ state: 'loaded', orders, nextCursor: previous.state === 'loaded' ? previous.nextCursor : null }));
  }, []);
  /** A change of an order that failed: the message under the order; a 401 asks for the password again. */
  const changeFailed = useCallback(
    (key: string, error: unknown) => {
      if (!(error instanceof OrderApiError)) console.error(error);
      setNoticeOrder(key);
      notice.show('error', errorMessage(error));
      if (error instanceof OrderApiError && error.status === 401) sessionRefused();
    },
    [notice.show, sessionRefused],
  );

  const adminToken = session?.role === 'admin' ? session.token : undefined;
  /**
   * One update of an order, queued after the others: `build` makes its body from the order's
   * latest saved lines; `savingKey` marks what shows 'Saving…'. True once saved; on a failure
   * the typed values stay in their form, so nothing is lost.
   */
  const update = useCallback(
    (key: string, savingKey: string, build: (order: PlacedOrder) => UpdateBody, saved: () => void): Promise<boolean> => {
      if (adminToken === undefined) return Promise.resolve(false);
      setSavingLine(savingKey, true);
      const done = saveQueue.current.then(async () => {
        const order = ordersRef.current.find((o) => orderKey(o) === key);
        try {
          if (!order) throw new OrderApiError(UNEXPECTED_ERROR, 404);
          const body = build(order);
          const answer = await postOrderApi<unknown>(apiBase, '/v1/update-historical-order', body, { token: adminToken });
          const lines = linesAfterUpdate(body, answer);
          replaceOrder(key, { order: lines });
          saved();
          setNoticeOrder(key);
          notice.show('success', 'Order updated');
          return true;
        } catch (error) {
          changeFailed(key, error);
          return false;
        } finally {
          setSavingLine(savingKey, false);
        }
      });
      saveQueue.current = done.then(() => undefined);
      return done;
    },
    [adminToken, apiBase, notice.show, replaceOrder, changeFailed],
  );
  const save = (key: string, index: number, edits: LineEdits) => {
    const editKey = lineKey(key, index);
    void update(key, editKey, (order) => updateBody(order, index, edits, companyName), () => {
      const button = editButtons.current.get(editKey);
      const row = button?.closest('tr');
      if (button && (row?.contains(document.activeElement) || document.activeElement === document.body)) button.focus();
      dropDraft(editKey);
    });
  };
  const saveWholeOrder = (key: string, edits: Partial<LineEdits>) => update(key, wholeOrderKey(key), (order) => wholeOrderBody(order, edits, companyName), () => {});
  /** The admin's status change of one order; the order's status and history become the answer's. */
  const setStatus = async (key: string, orderId: string, change: StatusChangeRequest): Promise<boolean> => {
    if (adminToken === undefined) return false;
    setSavingLine(statusKey(key), true);
    try {
      const answer = await postOrderApi<unknown>(apiBase, '/v1/set-order-status', { companyName, order_id: orderId, ...change }, { token: adminToken });
      const fields = statusAfterSet(answer);
      if (!fields) throw new OrderApiError(UNEXPECTED_ERROR, 500);
      replaceOrder(key, fields);
      setNoticeOrder(key);
      notice.show('success', `Status set to ${ORDER_STATUS_LABELS[change.status].toLowerCase()}`);
      return true;
    } catch (error) {
      changeFailed(key, error);
      return false;
    } finally {
      setSavingLine(statusKey(key), false);
    }
  };

  const signInDialog = (
    <PasswordDialog
      id={dialogId}
      submitLabel="Show orders"
      autoComplete="current-password"
      context={<p className="dialog__context">The orders of {companyName} are for its staff: enter {wanted}.</p>}
    />
  );

  if (load.state === 'loading') {
    return (
      <p className="island-placeholder" aria-live="polite" aria-busy="true">
        Loading orders…
      </p>
    );
  }
  if (load.state === 'locked') {
    return (
      <div className="orders-failed">
        <p className="orders-failed__message">{wanted ? LOCKED_MESSAGE : `The orders of ${companyName} are shown with a password, and this storefront has none: ask your account rep.`}</p>
        {wanted && (
          <button type="button" className="button button--secondary" onClick={() => setSigningIn(true)} disabled={signingIn}>
            Enter password
          </button>
        )}
        {signInDialog}
      </div>
    );
  }
  if (load.state === 'failed') {
    return (
      <div className="orders-failed">
        <p className="orders-failed__message" role="alert">
          {load.message}
        </p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  const { orders } = load;
  if (orders.length === 0) {
    return <p className="orders-empty">There are no orders yet.</p>;
  }

  const adminControls = (key: string, order: PlacedOrder) => {
    const leave = (index: number) => {
      const k = lineKey(key, index);
      const draft = drafts[k];
      if (draft === undefined || saving.has(k)) return;
      // Nothing changed: leaving edit mode needs no call.
      if (sameEdits(draft, editsOf(order.order[index]!))) dropDraft(k);
      else save(key, index, draft);
    };
    return {
      editing(index: number): LineEditing {
        const k = lineKey(key, index);
        return { draft: drafts[k], saving: saving.has(k) };
      },
      change(index: number, field: EditableField, value: string) {
        const k = lineKey(key, index);
        setDrafts((previous) => ({ ...previous, [k]: { ...(previous[k] ?? editsOf(order.order[index]!)), [field]: value } }));
      },
      toggle(index: number) {
        const k = lineKey(key, index);
        if (drafts[k] === undefined) setDrafts((previous) => ({ ...previous, [k]: editsOf(order.order[index]!) }));
        else leave(index);
      },
      save: leave,
      cancel(index: number) {
        dropDraft(lineKey(key, index));
        editButtons.current.get(lineKey(key, index))?.focus();
      },
      editButtonRef(index: number, button: HTMLButtonElement | null) {
        if (button) editButtons.current.set(lineKey(key, index), button);
        else editButtons.current.delete(lineKey(key, index));
      },
    };
  };

  return (
    <div className="orders">
      {hasAdminPassword && (
        <div className="orders__admin">
          {adminToken === undefined ? (
            <AdminUnlock apiBase={apiBase} companyName={companyName} onUnlock={setUnlocked} />
          ) : (
            <p className="orders__admin-note" role="status">
              Admin: open an order to set its status, to change Customer PO, PO and Est. Ship Date for the whole order at once, or a line's with its edit button.
            </p>
          )}
        </div>
      )}
      <table className="orders-table">
        <caption className="visually-hidden">Placed and paid orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Lines</span>
            </th>
            <th scope="col">Order Date</th>
            <th scope="col">Order No.</th>
            <th scope="col">Order Name</th>
            <th scope="col">Store</th>
            <th scope="col" className="orders-table__status">
              Status
            </th>
          </tr>
        </thead>
        {orders.map((order, orderIndex) => {
          const key = orderKey(order);
          const open = expanded.has(key);
          const date = formatOrderDate(order.created_at);
          const name = orderName(order);
          const linesId = `${id}-lines-${orderIndex}`;
          return (
            <tbody key={key} className={open ? 'orders-table__order orders-table__order--open' : 'orders-table__order'}>
              <tr>
                <td className="orders-table__toggle">
                  <button type="button" className="icon-button" aria-expanded={open} aria-controls={open ? linesId : undefined} aria-label={`Lines of the order of ${name || 'no name'}, ${date}`} onClick={() => toggleExpanded(key)}>
                    <svg className="orders-table__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path fill="currentColor" d="M8.6 5.4 15.2 12l-6.6 6.6L10 20l8-8-8-8z" />
                    </svg>
                  </button>
                </td>
                <td>
                  <time dateTime={order.created_at}>{date}</time>
                </td>
                <td className="orders-table__number">{textOrNotAvailable(orderNumber(order.order_id))}</td>
                <td>{textOrNotAvailable(name)}</td>
                <td>{textOrNotAvailable(order.store)}</td>
                <td className="orders-table__status">{order.status ? <StatusSummary status={order.status} history={order.status_history} /> : textOrNotAvailable('')}</td>
              </tr>
              {open && (
                <tr className="orders-table__detail">
                  <td colSpan={6}>
                    {order.total !== undefined && (
                      <p className="orders-table__total">
                        Order total: <strong>{formatOrderTotal(order.total, order.order.map((line) => line.price))}</strong>
                      </p>
                    )}
                    {(order.placed_with !== undefined || order.client_ip !== undefined) && (
                      <dl className="orders-table__placed">
                        {order.placed_with !== undefined && (
                          <div>
                            <dt>Placed with:</dt> <dd>{order.placed_with}</dd>
                          </div>
                        )}
                        {order.client_ip !== undefined && (
                          <div>
                            <dt>Client address:</dt> <dd>{order.client_ip}</dd>
                          </div>
                        )}
                      </dl>
                    )}
                    <p className="orders-table__again">
                      <button type="button" className="button button--secondary" disabled={again.busy === key} aria-label={`Order again: every line of the order of ${name || 'no name'}, ${date}`} onClick={() => void again.run(key, order)}>
                        {again.busy === key ? 'Adding to your cart…' : 'Order again'}
                      </button>
                    </p>
                    {/* Phones have no room for the Status column: an opened order says it here instead. */}
                    {order.status && (
                      <p className="orders-table__status-line">
                        Status: <StatusSummary status={order.status} history={order.status_history} />
                      </p>
                    )}
                    <OrderStatusHistory history={order.status_history ?? []} />
                    {adminToken !== undefined && order.status && order.order_id !== '' && (
                      <OrderStatusEditor status={order.status} saving={saving.has(statusKey(key))} onSet={(change) => setStatus(key, order.order_id, change)} />
                    )}
                    {adminToken !== undefined && !order.personal_data_removed && <WholeOrderEdit order={order} saving={saving.has(wholeOrderKey(key))} onSave={(edits) => saveWholeOrder(key, edits)} />}
                    <div id={linesId} className="orders-table__scroll" role="region" aria-label={`Lines of the order of ${name || 'no name'}, ${date}`} tabIndex={0}>
                      {/* update-historical-order finds an order by its e-mail, which the retention removed: nothing to edit. */}
                      <OrderLines
                        lines={order.order}
                        admin={adminToken === undefined || order.personal_data_removed ? undefined : adminControls(key, order)}
                        orderAgain={{ run: (index) => void again.run(key, order, index), busy: again.busy === key }}
                        mockupOf={mockupOf}
                      />
                    </div>
                    {again.outcome?.key === key && <OrderAgainSummary outcome={again.outcome} base={orderAgain.base} />}
                    {noticeOrder === key && notice.element}
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
      {load.nextCursor !== null && (
        <p className="orders__more">
          <button type="button" className="button button--secondary" disabled={loadingMore} aria-busy={loadingMore} onClick={() => load.nextCursor !== null && void loadMore(load.nextCursor)}>
            {loadingMore ? 'Loading more orders…' : 'Load more orders'}
          </button>
        </p>
      )}
      {(noticeOrder === undefined || !expanded.has(noticeOrder)) && notice.element}
      {signInDialog}
    </div>
  );
}
