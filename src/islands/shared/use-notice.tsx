import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';

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
 *
 * The caller renders `element` right after the control that raises the message. It sits in the
 * page's flow, in a space kept free for it (notices.css), never floating over the page: a
 * message that covered its button stopped the buyer from pressing again after fixing the
 * error. A message shown below the fold is scrolled into view, just enough to read it.
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
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = region.current?.getBoundingClientRect();
    if (notice && box && (box.bottom > window.innerHeight || box.top < 0)) region.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  const element = (
    <div className="snackbar-region" ref={region}>
      {notice && (
        <p className={`snackbar snackbar--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.message}
        </p>
      )}
    </div>
  );
  return { show, element };
}
