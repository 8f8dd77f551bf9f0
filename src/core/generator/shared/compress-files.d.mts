// The types of compress-files.mjs (plain JavaScript, so a compression thread starts without tsx).

/**
 * How hard each encoder works on a file: brotli quality (0–11) and gzip level (1–9). A file
 * without a gzip level gets no `.gz` sibling.
 */
export interface CompressionLevels {
  br: number;
  gz?: number;
}

export interface FileDigest {
  size: number;
  /** Hex. */
  sha256: string;
}

export declare const SIBLINGS: readonly ['br', 'gz'];

/** Files of one site to give their `.br` (and, with a gzip level, `.gz`) siblings, as plain data a worker thread can be sent. */
export interface CompressTask {
  /** Where compressed bytes are kept by the digest of their source; without it the siblings are written as they are. */
  cacheDir?: string;
  /** `sha256` when the build knows it already (by inode): the thread then need not read the file for it. */
  /** `bytes`: the file's content when the caller holds it (a page just written): not read again. */
  files: { file: string; size: number; levels: CompressionLevels; sha256?: string; bytes?: Buffer }[];
}

export interface CompressedFile {
  file: string;
  /** The source's digest, when this task read the file to take it. */
  source?: FileDigest;
  /** Files this task wrote, with their digests: the manifest lists them (or their links) without reading them back. */
  wrote: (FileDigest & { file: string })[];
}

export declare function compressFiles(task: CompressTask): CompressedFile[];
