import { linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Recreates a folder tree at `to` whose files are hard links to those of `from` (what `cp -al`
 * does): one directory entry per file, no bytes copied. Safe only because the build never writes
 * into a file it did not create in this run: a linked file is replaced, never rewritten in place.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}
