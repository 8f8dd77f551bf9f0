// The entry of the mail thread (threaded-transport.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { loadThreadModule } from '../../src/core/thread-module.mjs';

const { mailThreadSender } = await loadThreadModule(workerData.bundle, new URL('./mail-thread-sender.ts', import.meta.url));
const answer = mailThreadSender(workerData.settings, (entry) => parentPort.postMessage(entry));

parentPort.on('message', (request) => answer(request).then((reply) => parentPort.postMessage(reply)));
parentPort.postMessage('ready');
