import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository: where src/, schemas/, the lockfile and the caches (.cache/) are. The one place that finds it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The data folder, where tenants/ and catalogs/ live: the repository unless a --root says otherwise. */
export function projectRoot(override?: string): string {
  return override ? path.resolve(override) : REPO_ROOT;
}
