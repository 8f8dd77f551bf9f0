import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Creates every file or none; an existing file is never replaced. Returns the problem, if any. */
export function writeNewFiles(root: string, files: { file: string; bytes: string | Buffer }[]): string | undefined {
  const done: string[] = [];
  for (const { file, bytes } of files) {
    try {
      // 'wx' fails when the file appeared since the checks: another run, an editor, a copy.
      writeFileSync(path.join(root, file), bytes, { flag: 'wx' });
      done.push(file);
    } catch (error) {
      for (const earlier of done) rmSync(path.join(root, earlier), { force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return `${file} already exists; it is not overwritten. Nothing written.`;
      if (code === 'ENOENT') return `cannot write ${file}: its folder does not exist. Nothing written.`;
      throw error;
    }
  }
  return undefined;
}
