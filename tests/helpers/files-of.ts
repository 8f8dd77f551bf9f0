import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Relative paths ('/' separators) of every file under dir, sorted: a site folder as a deploy sees it. */
export function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}
