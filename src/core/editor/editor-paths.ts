/** What the editor may read and write: the data files and their pictures, nothing else of the repository. */
const DATA_FILE = /^(tenants|catalogs)\/[A-Za-z0-9_][A-Za-z0-9_.-]*\.ya?ml$/;
const PICTURE = /^(tenants\/logos|catalogs\/images)\/[A-Za-z0-9_][A-Za-z0-9_. -]*\.(jpe?g|png|webp|svg)$/i;
const FOLDERS = new Set(['tenants', 'catalogs', 'tenants/logos', 'catalogs/images']);

/**
 * The repository path the editor asked for, if it is one it may touch: a data file directly in
 * tenants/ or catalogs/, or a picture in tenants/logos/ or catalogs/images/. Anything else (the
 * code, .git, a path climbing out with `..`, an absolute path) is refused with the reason.
 */
export function editablePath(requested: string): { path: string } | { refused: string } {
  if (!DATA_FILE.test(requested) && !PICTURE.test(requested)) {
    return { refused: `"${requested}" is not a data file of tenants/ or catalogs/, nor a picture of tenants/logos/ or catalogs/images/` };
  }
  if (requested.split('/').some((segment) => segment === '..' || segment === '.')) return { refused: `"${requested}" climbs out of its folder` };
  return { path: requested };
}

/** A folder the editor may list. */
export function listableFolder(requested: string): string | undefined {
  const folder = requested.replace(/\/+$/, '');
  return FOLDERS.has(folder) ? folder : undefined;
}

/** Whether bytes are a picture of the kind their name says: the editor's upload is not trusted to say so. */
export function picturePathFitsBytes(file: string, bytes: Uint8Array): boolean {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (/\.jpe?g$/i.test(file)) return starts(0xff, 0xd8, 0xff);
  if (/\.png$/i.test(file)) return starts(0x89, 0x50, 0x4e, 0x47);
  if (/\.webp$/i.test(file)) return starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP';
  return false;
}
