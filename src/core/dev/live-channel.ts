// What the dev server and its pages' live client (live-client.ts, in the browser) say to each
// other over Vite's HMR WebSocket, and the state a page is rendered with. Read by both sides, so
// it imports nothing.

/** The id of the `<script type="application/json">` holding a dev page's LiveState. */
export const LIVE_STATE_ID = 'dealer-live-state';

/** In an update's `sites`: every site (a page that connected after a change it may have missed). */
export const EVERY_SITE = '*';

/** What a dev page is rendered with, for its live client. */
export interface LiveState {
  /** The tenant id, or the entry screen's key: the updates that concern the page. */
  site: string;
  /** The data's problem lines when the page was rendered (as `npm run validate` prints them). */
  errors: readonly string[];
  /** The data version the page shows; the server answers an older one with a reload. */
  version: number;
  /** The page failed to render: shown in Vite's error overlay (a developer's problem, in src/). */
  renderError?: { message: string; stack: string };
}

// Vite's typed custom events: the server's `ws.send`/`ws.on` and the page's `import.meta.hot`
// check these payloads on both sides.
declare module 'vite/types/customEvent.d.ts' {
  interface CustomEventMap {
    /** Server → pages: the data of these sites (or EVERY_SITE) changed; their pages reload. */
    'dealer:update': { sites: string[] };
    /** Server → pages: the data's problem lines, none once it is valid. */
    'dealer:errors': { lines: string[] };
    /** Page → server, on connecting: the data version it was rendered from. */
    'dealer:hello': { version: number };
  }
}
