import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileDigest {
  size: number;
  /** Hex. */
  sha256: string;
}

/**
 * The sha256 of files the build publishes, remembered by inode, size and modification time.
 * Most published files are hard links to content-addressed cache objects (image variants, the
 * .br/.gz copies), whose inode and mtime never change, so a rebuild hashes only the files it
 * wrote anew instead of reading every byte of a quarter of a million files for the manifest.
 * A key can only match the same file unchanged: a file rewritten gets a new mtime. Except
 * within the file system's timestamp granularity (a few milliseconds, seconds on some), so a
 * digest taken less than two seconds after the file's mtime is used for this build only and not
 * kept for the next (git's "racily clean" rule): a photo saved twice in quick succession is read
 * again next time.
 */
export const RACY_MS = 2_000;

export class FileDigestCache {
  private readonly known: Map<string, string>;
  private readonly used = new Map<string, string>();
  private readonly racy = new Set<string>();

  constructor(private readonly file?: string) {
    this.known = new Map(file ? readEntries(file) : []);
  }

  /** `read` gives the file's bytes when they must be hashed, so a caller that needs them anyway reads the file once. */
  async digest(fullPath: string, read: () => Promise<Buffer> = () => readFile(fullPath)): Promise<FileDigest> {
    const { info, size, sha256: known } = this.lookup(fullPath);
    if (known !== undefined) return { size, sha256: known };
    const sha256 = createHash('sha256')
      .update(await read())
      .digest('hex');
    this.remember(keyOf(info), sha256, info.mtimeMs);
    return { size, sha256 };
  }

  /** The file's size, and its digest if known, without reading it. */
  peek(fullPath: string): { size: number; sha256?: string } {
    const { size, sha256 } = this.lookup(fullPath);
    return { size, sha256 };
  }

  private lookup(fullPath: string): { info: BigIntStats; size: number; sha256?: string } {
    // Synchronous: a stat is a few microseconds, and a site has tens of thousands of files whose
    // digest is known; through the thread pool each one cost several times that in round trips.
    const info = statSync(fullPath, { bigint: true });
    const key = keyOf(info);
    const known = this.used.get(key) ?? this.known.get(key);
    if (known !== undefined) this.used.set(key, known);
    return { info, size: Number(info.size), sha256: known };
  }

  /** The digest of a file as it is now, taken from its bytes elsewhere (as written, or on another thread), so nothing reads it again. */
  record(fullPath: string, { size, sha256 }: FileDigest): void {
    const info = statSync(fullPath, { bigint: true });
    if (Number(info.size) !== size) throw new Error(`internal: ${fullPath} holds ${info.size} bytes, not the ${size} hashed`);
    this.remember(keyOf(info), sha256, info.mtimeMs);
  }

  private remember(key: string, sha256: string, mtimeMs: bigint): void {
    this.used.set(key, sha256);
    if (Date.now() - Number(mtimeMs) < RACY_MS) this.racy.add(key);
  }

  /** Keeps the entries this build used, so the file does not grow with every build; written aside and renamed, as builds may run at once. */
  save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries([...this.used].filter(([key]) => !this.racy.has(key)))));
    renameSync(temporary, this.file);
  }
}

function keyOf(info: BigIntStats): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

function readEntries(file: string): [string, string][] {
  try {
    return Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  } catch {
    // Missing or unreadable: every file is hashed, as on a first build.
    return [];
  }
}
