import type { OrderSession } from '../shared/order-session.ts';
import { AdminUnlock } from './admin-unlock.tsx';

/** Above the orders of a tenant with an admin password: the 'Admin' control, or once signed in as admin what the admin may do. */
export function OrdersAdminBar({
  apiBase,
  companyName,
  isAdmin,
  onUnlock,
}: {
  apiBase: string;
  companyName: string;
  isAdmin: boolean;
  onUnlock(session: OrderSession): void;
}) {
  return (
    <div className="orders__admin">
      {isAdmin ? (
        <p className="orders__admin-note" role="status">
          Admin: open an order to set its status, to change Customer PO, PO and Est. Ship Date for the whole order at once, or a line's with its edit button.
        </p>
      ) : (
        <AdminUnlock apiBase={apiBase} companyName={companyName} onUnlock={onUnlock} />
      )}
    </div>
  );
}
