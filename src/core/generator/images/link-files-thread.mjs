// The thread that lays out image folders (file-linker.ts). Plain JavaScript: it needs no
// TypeScript loader, so it starts in milliseconds.
import { linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** Codes that publishFile's careful path handles (a name already there, a file system that will not link). */
const handedBack = new Set(workerData.handedBack);

parentPort.on('message', ({ id, dir, links, recycled }) => {
  try {
    // The files of the folder taken from the output before last: each stays if its name is asked for now.
    const present = recycled === undefined ? undefined : takeFolder(recycled, dir);
    if (!present) mkdirSync(dir, { recursive: true });
    const left = [];
    links.forEach(([from, name], index) => {
      // A variant's name carries its own bytes' hash (variant-file-name.ts) and the folder held only files an earlier build put there from the cache: the same name is the same file.
      if (present?.delete(name)) return;
      try {
        linkSync(from, path.join(dir, name));
      } catch (error) {
        if (!handedBack.has(error.code)) throw error;
        left.push(index);
      }
    });
    for (const name of present ?? []) rmSync(path.join(dir, name), { force: true });
    parentPort.postMessage({ id, left });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});

/**
 * Moves `from` to `to` and answers the names of the files in it, having removed anything else (a
 * folder, a link to elsewhere); undefined when there is no `from` or `to` is there already.
 */
function takeFolder(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch {
    return undefined;
  }
  const files = new Set();
  for (const entry of readdirSync(to, { withFileTypes: true })) {
    if (entry.isFile()) files.add(entry.name);
    else rmSync(path.join(to, entry.name), { recursive: true, force: true });
  }
  return files;
}
