import type { ReactNode, Ref } from 'react';

interface PasswordDialogProps {
  id: string;
  submitLabel: string;
  autoComplete: string;
  /** Shown under the title, e.g. the store being opened. */
  context?: ReactNode;
  /** For an island that opens it (ask-password.ts takes the element). */
  dialogRef?: Ref<HTMLDialogElement>;
}

/**
 * The 'Enter password' dialog of the entry screen, the stores page and the orders page. Its
 * behaviour is the framework-free src/islands/shared/ask-password.ts.
 */
export function PasswordDialog({ id, submitLabel, autoComplete, context, dialogRef }: PasswordDialogProps) {
  return (
    <dialog className="dialog" id={id} ref={dialogRef} aria-labelledby={`${id}-title`}>
      <form method="dialog" className="dialog__form">
        <h2 id={`${id}-title`}>Enter password</h2>
        {context}
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete={autoComplete} required />
        <p className="dialog__error" role="alert" data-error="" />
        {/* The confirming button comes first: Enter in the field submits with the form's first
            submit button, and with Cancel first it closed the dialog without checking. */}
        <div className="dialog__actions">
          <button type="submit" value="ok" className="button button--primary">
            {submitLabel}
          </button>
          <button type="submit" value="cancel" formNoValidate className="button button--secondary">
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
