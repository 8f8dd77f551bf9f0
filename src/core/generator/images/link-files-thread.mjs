// The thread that lays out image folders (file-linker.ts). Plain JavaScript: it needs no
// TypeScript loader, so it starts in milliseconds.
import { linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** Codes that publishFile's careful path handles (a name already there, a file system that will not link). */
const handedBack = new Set(workerData.handedBack);

parentPort.on('message', ({ id, dir, links }) => {
  try {
    mkdirSync(dir, { recursive: true });
    const left = [];
    links.forEach(([from, name], index) => {
      try {
        linkSync(from, path.join(dir, name));
      } catch (error) {
        if (!handedBack.has(error.code)) throw error;
        left.push(index);
      }
    });
    parentPort.postMessage({ id, left });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
