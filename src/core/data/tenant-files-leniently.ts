import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { listFiles } from './list-files.ts';

/**
 * The parsed contents of every tenant file under `root` that parses, unchecked: for suggestions
 * (an editor's store codes, new-tenant's default order API address) that should still come from a
 * file with other problems. A file that does not parse has its error in `npm run validate` and
 * suggests nothing. Read by js-yaml, as the build reads a file without mistakes (yaml-source.ts):
 * yaml's parser, slow until warmed up, then runs for nothing in a build of valid data.
 */
export function tenantFilesLeniently(root: string): unknown[] {
  const contents: unknown[] = [];
  for (const name of listFiles(path.join(root, 'tenants'))) {
    if (!name.endsWith('.yaml') || name.startsWith('_')) continue;
    try {
      contents.push(load(readFileSync(path.join(root, 'tenants', name), 'utf8'), { maxAliases: 0 }));
    } catch {
      continue;
    }
  }
  return contents;
}
