import type { Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { ENTRIES } from '../generator/bundle/bundle-client.ts';

/** Paths Vite answers: its client, dev modules, pre-bundled dependencies (in its cacheDir, .cache/vite/). */
export const VITE_PATHS = ['/@', '/src/', '/node_modules/', '/__vite', '/.cache/vite/'];

/**
 * Vite's dev server in middleware mode (as Vite's SSR playground runs it) over the src/ under
 * `srcRoot`, its HMR WebSocket on `httpServer`, the pages' port: several dev servers (tests)
 * never clash.
 */
export async function createDevVite(srcRoot: string, httpServer: Server): Promise<ViteDevServer> {
  let created: ViteDevServer | undefined;
  created = await createServer({
    configFile: false,
    root: srcRoot,
    // Beside the other caches, not in node_modules/: a copy of src/ (tests) links node_modules.
    cacheDir: path.join(srcRoot, '.cache', 'vite'),
    appType: 'custom',
    logLevel: 'warn',
    clearScreen: false,
    server: {
      middlewareMode: true,
      hmr: { server: httpServer },
      watch: { ignored: ['**/dist/**', '**/.dist-*/**', '**/.cache/**', '**/test-artifacts/**', '**/node_modules/**', '**/.git/**'] },
      warmup: { clientFiles: Object.values(ENTRIES) },
    },
    // Found at start rather than on the first page, which would otherwise reload once when
    // Vite discovers React and the other dependencies the islands import.
    optimizeDeps: { entries: Object.values(ENTRIES) },
    plugins: [react(), reloadOnServerOnlyChange(() => created)],
  });
  return created;
}

/**
 * A change under src/ that only the server renders (a page, a static component) is reloaded by
 * no HMR boundary in the browser: reload the open pages so they are rendered again. Modules the
 * browser has loaded too (islands) are left to Vite's HMR and React Fast Refresh.
 */
function reloadOnServerOnlyChange(server: () => ViteDevServer | undefined): Plugin {
  return {
    name: 'dealer:reload-on-server-only-change',
    apply: 'serve',
    hotUpdate({ file, modules }) {
      if (this.environment.name !== 'ssr' || modules.length === 0) return;
      const vite = server();
      const inBrowser = vite?.environments.client.moduleGraph.getModulesByFile(file);
      if (vite && (!inBrowser || inBrowser.size === 0)) vite.ws.send({ type: 'full-reload', path: '*' });
    },
  };
}
