// The entry of a page-rendering thread (page-render-pool.ts). It loads the renderer as one module
// esbuild made of it (compiled-module.ts) when the build has one; otherwise, since a worker
// thread does not inherit the TypeScript loader `tsx` gave the build's own thread, it registers
// one itself and loads the TypeScript.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

async function loadRenderer(bundle) {
  if (bundle) {
    try {
      return await import(pathToFileURL(bundle).href);
    } catch {
      // A bundle that cannot be loaded (removed with the cache meanwhile) is only slower to replace.
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('./page-render-worker.ts');
}

const { answerRequest } = await loadRenderer(workerData?.bundle);

parentPort.on('message', (request) => answerRequest(request, (reply) => parentPort.postMessage(reply)));
parentPort.postMessage('ready');
