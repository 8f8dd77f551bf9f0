/// <reference types="vite/client" />
// Runs in the browser: every `npm run dev` page loads it from Vite (/src/core/dev/live-client.ts).
// It reloads the page when its site's data changed (the cart lives in sessionStorage, so it
// survives), shows the data's errors over the last good page in the merchandisers' overlay
// (data-errors-overlay.ts; not Vite's, which speaks to developers) and removes it when they are
// fixed; a page that failed to render shows Vite's overlay instead (the problem is in src/).
import { showDataErrors } from './data-errors-overlay.ts';
import { EVERY_SITE, LIVE_STATE_ID, type LiveState } from './live-channel.ts';
import { OUTLINES_PARAMETER, showPlacementOutlines } from './placement-outlines.ts';

/** Vite's error overlay element, defined by its client (/@vite/client), which Vite loads before this module. */
const VITE_OVERLAY_TAG = 'vite-error-overlay';

const state = JSON.parse(document.getElementById(LIVE_STATE_ID)?.textContent ?? 'null') as LiveState | null;
const hot = import.meta.hot;
if (state && hot) {
  hot.on('dealer:update', ({ sites }) => {
    if (sites.includes(state.site) || sites.includes(EVERY_SITE)) location.reload();
  });
  hot.on('dealer:errors', ({ lines }) => whenReady(() => showDataErrors(lines)));
  // The page may have loaded while a change was announced: the server answers an old version with a reload.
  hot.send('dealer:hello', { version: state.version });
  if (state.errors.length > 0) whenReady(() => showDataErrors(state.errors));
  if (state.renderError) void showRenderError(state.renderError);
}
// ?areas on an item page: the logo areas as outlines, for tuning placement_areas (placement-outlines.ts).
if (new URLSearchParams(location.search).has(OUTLINES_PARAMETER)) whenReady(() => showPlacementOutlines());

function whenReady(show: () => void): void {
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', show);
  else show();
}

async function showRenderError(error: { message: string; stack: string }): Promise<void> {
  await customElements.whenDefined(VITE_OVERLAY_TAG);
  const Overlay = customElements.get(VITE_OVERLAY_TAG) as (new (error: { message: string; stack: string }) => HTMLElement) | undefined;
  if (Overlay) whenReady(() => document.body.append(new Overlay(error)));
}
