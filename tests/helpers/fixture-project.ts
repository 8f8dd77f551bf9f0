import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export { REPO_ROOT } from '../../src/core/project-root.ts';

/**
 * A throwaway project: the small valid base fixture with a broken fixture laid over it.
 * A fixture holds only the files it changes, plus an optional `.remove` listing files to delete.
 */
export function fixtureProject(brokenName?: string, folder = 'broken'): string {
  const root = mkdtempSync(path.join(tmpdir(), `storefront-${brokenName ?? 'base'}-`));
  cpSync(path.join(FIXTURES, 'base'), root, { recursive: true });
  if (brokenName) {
    const overlay = path.join(FIXTURES, folder, brokenName);
    const removals = path.join(overlay, '.remove');
    if (existsSync(removals)) {
      for (const file of readFileSync(removals, 'utf8').split('\n').filter(Boolean)) rmSync(path.join(root, file));
    }
    cpSync(overlay, root, { recursive: true, filter: (src) => path.basename(src) !== '.remove' });
  }
  return root;
}
