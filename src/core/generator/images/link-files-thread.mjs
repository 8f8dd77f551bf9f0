// The thread that lays out image folders (file-linker.ts). Plain JavaScript: it needs no
// TypeScript loader, so it starts in milliseconds.
import { linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** Codes that publishFile's careful path handles (a name already there, a file system that will not link). */
const handedBack = new Set(workerData.handedBack);

parentPort.on('message', ({ id, dir, links, recycled }) => {
  try {
    // The names of the folder taken from the output before last; each is kept only if it is still wanted, as the same file.
    const present = recycled === undefined ? undefined : takeFolder(recycled, dir);
    if (!present) mkdirSync(dir, { recursive: true });
    const left = [];
    links.forEach(([from, name], index) => {
      const target = path.join(dir, name);
      if (present?.delete(name)) {
        if (sameFile(from, target)) return;
        rmSync(target, { recursive: true, force: true });
      }
      try {
        linkSync(from, target);
      } catch (error) {
        if (!handedBack.has(error.code)) throw error;
        left.push(index);
      }
    });
    for (const name of present ?? []) rmSync(path.join(dir, name), { recursive: true, force: true });
    parentPort.postMessage({ id, left });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});

/** Moves `from` to `to` and answers the names in it; undefined when there is no `from` or `to` is there already. */
function takeFolder(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch {
    return undefined;
  }
  return new Set(readdirSync(to));
}

/** Whether `target` is a link to the very file `object` (the same inode), not merely a file of the same name. */
function sameFile(object, target) {
  const [a, b] = [statSync(object), lstatSync(target)];
  return a.ino === b.ino && a.dev === b.dev;
}
