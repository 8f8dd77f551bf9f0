// The entry of a page-rendering thread (page-render-pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { loadThreadModule } from '../../thread-module.mjs';

const { answerRequest } = await loadThreadModule(workerData?.bundle, new URL('./page-render-worker.ts', import.meta.url));

parentPort.on('message', (request) => answerRequest(request, (reply) => parentPort.postMessage(reply)));
parentPort.postMessage('ready');
