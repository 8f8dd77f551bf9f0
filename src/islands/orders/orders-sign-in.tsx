import type { ReactNode } from 'react';
import { PasswordDialog } from '../../components/password-dialog.tsx';

/** Shown where the orders would be until the password is given. */
export const LOCKED_MESSAGE = 'Enter the password to see the orders.';

/** The dialog that asks for the password which shows the orders (`wanted`, see password-wanted.ts). */
export function SignInDialog({ id, companyName, wanted, linkArrival }: { id: string; companyName: string; wanted: string | undefined; linkArrival?: string }) {
  return (
    <PasswordDialog
      id={id}
      submitLabel="Show orders"
      autoComplete="current-password"
      context={
        <>
          {linkArrival && (
            <p className="dialog__context" role="status">
              {linkArrival}
            </p>
          )}
          <p className="dialog__context">
            The orders of {companyName} are for its staff: enter {wanted}.
          </p>
        </>
      }
    />
  );
}

/**
 * Where the orders would be before a password was given. A tenant without any password that
 * shows orders gets no button: there is nothing to enter.
 */
export function OrdersLocked({
  companyName,
  wanted,
  signingIn,
  onSignIn,
  dialog,
  linkRequest,
}: {
  companyName: string;
  wanted: string | undefined;
  signingIn: boolean;
  onSignIn(): void;
  dialog: ReactNode;
  /** The way to ask for one, for a new browser a flood of wrong passwords holds back. */
  linkRequest?: ReactNode;
}) {
  return (
    <div className="orders-failed">
      <p className="orders-failed__message">
        {wanted ? LOCKED_MESSAGE : `The orders of ${companyName} are shown with a password, and this storefront has none: ask your account rep.`}
      </p>
      {wanted && (
        <button type="button" className="button button--secondary" onClick={onSignIn} disabled={signingIn}>
          Enter password
        </button>
      )}
      {wanted && linkRequest}
      {dialog}
    </div>
  );
}
