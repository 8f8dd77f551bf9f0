import { UserError } from '../../user-error.ts';

/**
 * A source image that cannot be used: missing, unreadable, truncated or not an image. It is a
 * problem in the data, not a bug, so the message names the file and says what is wrong in
 * words a merchandiser can act on; the build reports it and exits 1.
 */
export class ImageSourceError extends UserError {
  override name = 'ImageSourceError';

  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** Several sources that cannot be used, all reported at once rather than the first one only. */
export class UnusableImagesError extends Error {
  override name = 'UnusableImagesError';

  constructor(readonly problems: readonly ImageSourceError[]) {
    super(problems.map((problem) => problem.message).join('\n'));
  }
}

/** Turns a read error of a source file into words. */
export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'image file not found';
  if (code === 'EISDIR') return 'is a folder, not an image file';
  if (code === 'EACCES' || code === 'EPERM') return 'image file cannot be read (permission denied)';
  return `image file cannot be read (${error instanceof Error ? error.message : String(error)})`;
}
