// The entry of a page-rendering thread (page-render-pool.ts). A worker thread does not inherit
// the TypeScript loader that `tsx` gave the build's own thread, so it registers one itself
// before loading the renderer.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { answerRequest } = await import('./page-render-worker.ts');

parentPort.on('message', (request) => answerRequest(request, (reply) => parentPort.postMessage(reply)));
parentPort.postMessage('ready');
