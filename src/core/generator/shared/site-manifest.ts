import { HEADERS_FILE } from '../../headers-file.ts';

export const ROBOTS_FILE = 'robots.txt';
/** Every other file of the folder with its size and sha256, for a deploy that uploads only what changed. */
export const MANIFEST_FILE = 'manifest.json';
/** The files publishing adds beside the pages and assets; the build report leaves them out. */
export const PUBLISHING_FILES: readonly string[] = [HEADERS_FILE, ROBOTS_FILE, MANIFEST_FILE];

export interface ManifestEntry {
  /** Relative to the folder, with '/' separators. */
  path: string;
  size: number;
  /** Hex. */
  sha256: string;
}
