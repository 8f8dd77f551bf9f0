import { useId, useMemo, useState } from 'react';
import type { OrdersIslandProps } from '../shared/ordering-props.ts';
import { DeviceLinkRequest, useDeviceLinkArrival } from './device-link-request.tsx';
import { toggled } from './keyed-state.ts';
import { useOrderAgain } from './use-order-again.ts';
import { orderKey } from './order-data.ts';
import { OrderDetail } from './order-detail.tsx';
import { filterOfForm, NO_FILTER } from './order-filter-form.ts';
import { OrderFilterBar } from './order-filter-bar.tsx';
import { useOrderLineMockups } from './order-line-mockup.tsx';
import { OrderRow } from './order-row.tsx';
import { OrdersAdminBar } from './orders-admin-bar.tsx';
import { LoadMoreOrders, OrdersFailed, OrdersLoading } from './orders-load-states.tsx';
import { OrdersLocked, SignInDialog } from './orders-sign-in.tsx';
import { OrdersTableHead } from './orders-table-head.tsx';
import { passwordWanted } from './password-wanted.ts';
import { useOrderAdmin } from './use-order-admin.ts';
import { useOrderList } from './use-order-list.ts';
import { useOrderNotice } from './use-order-notice.ts';
import { useOrderSession } from './use-order-session.ts';

/**
 * The tenant's placed and paid orders, newest first (spec section 2, Orders screen). Without a
 * session of the tenant the page asks for a password (use-order-session.ts); an admin session
 * may set an order's status and edit Customer PO, PO and Est. Ship Date (use-order-admin.ts).
 */
export function OrdersIsland({ apiBase, companyName, tenantId, hasAdminPassword, hasGroupPassword, orderAgain, mockupLogos }: OrdersIslandProps) {
  const wanted = passwordWanted({ hasGroupPassword, hasAdminPassword });
  const id = useId();
  const dialogId = `${id}-sign-in`;
  const account = useOrderSession({ apiBase, companyName, tenantId, wanted, dialogId });
  const notice = useOrderNotice();
  const [filterForm, setFilterForm] = useState(NO_FILTER);
  const filter = useMemo(() => filterOfForm(filterForm), [filterForm]);
  const list = useOrderList({ apiBase, companyName, account, show: notice.show, filter });
  const adminToken = account.session?.role === 'admin' ? account.session.token : undefined;
  const adminOf = useOrderAdmin({ apiBase, companyName, adminToken, list, show: notice.show });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const again = useOrderAgain(orderAgain, { tenantId, apiBase, companyName });
  const mockupOf = useOrderLineMockups(orderAgain.catalogPricesUrl, mockupLogos, expanded.size > 0);
  const linkArrival = useDeviceLinkArrival(apiBase);

  const dialog = <SignInDialog id={dialogId} companyName={companyName} wanted={wanted} linkArrival={linkArrival} />;
  const { load } = list;
  if (load.state === 'loading') return <OrdersLoading />;
  if (load.state === 'locked')
    return (
      <OrdersLocked
        companyName={companyName}
        wanted={wanted}
        signingIn={account.signingIn}
        onSignIn={account.signIn}
        dialog={dialog}
        linkRequest={<DeviceLinkRequest apiBase={apiBase} companyName={companyName} />}
      />
    );
  if (load.state === 'failed') return <OrdersFailed message={load.message} onRetry={list.retry} />;
  if (load.orders.length === 0 && filter === undefined) return <p className="orders-empty">There are no orders yet.</p>;

  return (
    <div className="orders">
      {hasAdminPassword && <OrdersAdminBar apiBase={apiBase} companyName={companyName} isAdmin={adminToken !== undefined} onUnlock={account.unlock} />}
      <OrderFilterBar applied={filterForm} onApply={setFilterForm} busy={list.refreshing} />
      {load.orders.length === 0 && (
        <p className="orders-empty" role="status">
          No orders match these filters.
        </p>
      )}
      <table className="orders-table" hidden={load.orders.length === 0} aria-busy={list.refreshing || undefined}>
        <OrdersTableHead />
        {load.orders.map((order, orderIndex) => {
          const key = orderKey(order);
          const linesId = `${id}-lines-${orderIndex}`;
          const detail = () => (
            <OrderDetail
              order={order}
              orderKey={key}
              linesId={linesId}
              again={again}
              orderAgainBase={orderAgain.base}
              mockupOf={mockupOf}
              admin={adminOf(key, order)}
              notice={notice.about === key && notice.element}
            />
          );
          return (
            <OrderRow
              key={key}
              order={order}
              linesId={linesId}
              open={expanded.has(key)}
              onToggle={() => setExpanded((previous) => toggled(previous, key))}
              detail={detail}
            />
          );
        })}
      </table>
      {load.nextCursor !== null && <LoadMoreOrders loading={list.loadingMore} onLoad={() => void list.loadMore()} />}
      {(notice.about === undefined || !expanded.has(notice.about)) && notice.element}
      {dialog}
    </div>
  );
}
