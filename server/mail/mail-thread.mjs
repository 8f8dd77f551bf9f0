// The entry of the mail thread (threaded-transport.ts).
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// Linux keeps a nice value per thread, and 0 names the calling thread: this one yields the
// cores to the requests and the database whenever they want them (docs/performance.md).
try {
  setPriority(19);
} catch {
  // Not allowed here: the thread competes at the process's own priority.
}
import { loadThreadModule } from '../../src/core/thread-module.mjs';

const { mailThreadSender } = await loadThreadModule(workerData.bundle, new URL('./mail-thread-sender.ts', import.meta.url));
const answer = mailThreadSender(workerData.settings, (entry) => parentPort.postMessage(entry));

parentPort.on('message', (request) => answer(request).then((reply) => parentPort.postMessage(reply)));
parentPort.postMessage('ready');
