// The server's side of the live-reload channel (live-channel.ts): what the open pages are told
// when the data changes, and the tags that load the live client (live-client.ts) into a page.
import type { ViteDevServer } from 'vite';
import { jsonForScript } from '../../runtime/server/json-for-script.ts';
import { formatDiagnostic, type Diagnostic } from '../data/diagnostic.ts';
import type { DevLog } from './dev-log.ts';
import type { DataChange, DevData } from './dev-data.ts';
import { EVERY_SITE, LIVE_STATE_ID, type LiveState } from './live-channel.ts';

/** The live client as Vite serves it. */
const LIVE_CLIENT = '/src/core/dev/live-client.ts';

/**
 * A page's connection may open after a change was announced (it was loading): it says which
 * data version it shows, and gets the current errors and, when outdated, a reload.
 */
export function answerLiveClients(vite: ViteDevServer, data: DevData): void {
  vite.ws.on('dealer:hello', (payload, client) => {
    client.send('dealer:errors', { lines: errorLines(data.errors) });
    if (payload?.version !== data.version) client.send('dealer:update', { sites: [EVERY_SITE] });
  });
}

/** Tells the open pages (and the terminal) what a data change did: errors shown or cleared, sites reloaded. */
export function announceChange(vite: ViteDevServer, change: DataChange, ms: number, log: DevLog): void {
  if (change.errors.length > 0) {
    if (change.errorsChanged) {
      log('', 'error');
      for (const diagnostic of change.errors) log(formatDiagnostic(diagnostic), 'error');
      log(
        `The data has ${change.errors.length} error${change.errors.length === 1 ? '' : 's'}; the pages show the last valid data until they are fixed. Correct the file at each line and save.`,
        'error',
      );
    }
    vite.ws.send('dealer:errors', { lines: errorLines(change.errors) });
  } else if (change.errorsChanged) {
    log('The data is valid again.', 'info');
    vite.ws.send('dealer:errors', { lines: [] });
  }
  if (change.sites.length > 0) {
    vite.ws.send('dealer:update', { sites: change.sites });
    log(`Updated ${change.sites.length > 6 ? `${change.sites.length} sites` : change.sites.join(', ')} (data reloaded in ${ms.toFixed(0)} ms)`, 'info');
  }
}

/** The head tags of a dev page: its LiveState and the live client that reads it. */
export function liveClientTags(state: LiveState): string {
  return `<script type="application/json" id="${LIVE_STATE_ID}">${jsonForScript(state)}</script><script type="module" src="${LIVE_CLIENT}"></script>`;
}

/** The overlay's lines: every problem as `npm run validate` prints it. */
export function errorLines(errors: readonly Diagnostic[]): string[] {
  return errors.map(formatDiagnostic);
}
