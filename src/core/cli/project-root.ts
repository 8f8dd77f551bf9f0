import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where tenants/ and catalogs/ live, unless a --root says otherwise. */
export function projectRoot(override?: string): string {
  return override ? path.resolve(override) : fileURLToPath(new URL('../../../', import.meta.url));
}
