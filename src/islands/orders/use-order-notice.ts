import { useCallback, useState } from 'react';
import { useNotice, type NoticeKind } from '../shared/use-notice.tsx';

/**
 * The orders screen's one message at a time, with the order it is about: shown under that
 * order's lines, near the control that raised it, while the order is open; else under the list.
 */
export function useOrderNotice() {
  const notice = useNotice();
  const [about, setAbout] = useState<string>();
  const { show: showNotice } = notice;
  const show = useCallback(
    (key: string | undefined, kind: NoticeKind, message: string) => {
      setAbout(key);
      showNotice(kind, message);
    },
    [showNotice],
  );
  return { about, show, element: notice.element };
}

export type ShowOrderNotice = ReturnType<typeof useOrderNotice>['show'];
