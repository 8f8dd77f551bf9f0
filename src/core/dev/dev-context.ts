import type { ViteDevServer } from 'vite';
import type { DevData } from './dev-data.ts';
import type { DevLog } from './dev-log.ts';
import type { DevImages } from './dev-images.ts';
import type { DevPageModels } from './dev-page-models.ts';

/** What the dev server's parts share while it runs. */
export interface DevContext {
  vite: ViteDevServer;
  /** The project in memory, reloaded on a data change. */
  data: DevData;
  images: DevImages;
  models: DevPageModels;
  /** Where tenants/ and catalogs/ are. */
  dataRoot: string;
  /** The order API the pages call. */
  apiOrigin: string;
  log: DevLog;
}
