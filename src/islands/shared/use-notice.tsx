import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';

/** Notifications auto-hide after this long (spec section 9). */
export const NOTICE_MS = 2500;

export type NoticeKind = 'success' | 'error';

export interface Notice {
  kind: NoticeKind;
  message: string;
}

/**
 * A snackbar: one message at a time, replaced by the next, hidden after NOTICE_MS. Errors are
 * announced assertively (role=alert), successes politely (role=status).
 */
export function useNotice(): { show(kind: NoticeKind, message: string): void; element: ReactElement } {
  const [notice, setNotice] = useState<Notice>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((kind: NoticeKind, message: string) => {
    clearTimeout(timer.current);
    setNotice({ kind, message });
    timer.current = setTimeout(() => setNotice(undefined), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const element = (
    <div className="snackbar-region">
      {notice && (
        <p className={`snackbar snackbar--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.message}
        </p>
      )}
    </div>
  );
  return { show, element };
}
