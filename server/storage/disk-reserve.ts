import { statfsSync } from 'node:fs';

/**
 * Free bytes the file system holding the SQLite database must keep for a write to be tried.
 *
 * SQLite reuses the WAL file from its start after each checkpoint without shrinking it, so on a
 * full disk a small commit still lands in blocks the WAL already holds and succeeds: readiness
 * would say ready and secret attempts would be compared, until some commit needs the WAL or the
 * database file to grow and fails. Which write fails then depends on timing. Refusing every write
 * below this reserve makes a full disk one clear state (readiness 503, every secret 503), and
 * leaves the checkpoints the room to fold the WAL back into the database file.
 */
export const DISK_RESERVE_BYTES = 1024 * 1024;

/**
 * Throws, with code `SQLITE_FULL` as SQLite's own error has, when the file system holding
 * `dir` has less than `DISK_RESERVE_BYTES` free for an unprivileged writer. statfs is one
 * system call (about 10 µs), so each call that writes checks it afresh and a freed disk is used at once.
 */
export function assertDiskRoom(dir: string): void {
  // Numbers, not BigInts: exact up to 8 PiB free, and half the cost on every write.
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  if (free >= DISK_RESERVE_BYTES) return;
  throw Object.assign(
    new Error(
      `the file system holding ${dir} has ${free} bytes free, less than the ${DISK_RESERVE_BYTES} kept in reserve; writes are refused until space is freed`,
    ),
    { code: 'SQLITE_FULL' },
  );
}
