// The entry of a page-rendering thread (page-render-pool.ts). A worker thread does not inherit
// the TypeScript loader that `tsx` gave the build's own thread, so it registers one itself
// before loading the renderer.
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import('./page-render-worker.ts');

export default renderTask;
