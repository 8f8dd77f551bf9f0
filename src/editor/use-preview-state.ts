import { useEffect, useState } from 'react';
import type { PreviewState } from './github-preview.ts';

/** How often the editor asks whether a pull request's preview is published: CI takes minutes, GitHub's rate limit is per hour. */
export const PREVIEW_POLL_MILLISECONDS = 15_000;

/**
 * Where pull request `number`'s preview stands, asked now and every 15 s until it is no longer
 * building; undefined before the first answer or without a pull request. A failed ask is asked again.
 */
export function usePreviewState(number: number | undefined, check: ((number: number) => Promise<PreviewState>) | undefined): PreviewState | undefined {
  const [state, setState] = useState<PreviewState>();
  useEffect(() => {
    setState(undefined);
    if (number === undefined || !check) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = () => {
      check(number)
        .catch((): PreviewState => 'building')
        .then((now) => {
          if (stopped) return;
          setState(now);
          if (now === 'building') timer = setTimeout(ask, PREVIEW_POLL_MILLISECONDS);
        });
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [number, check]);
  return state;
}
