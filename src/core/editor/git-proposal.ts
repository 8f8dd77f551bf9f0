import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Proposal } from '../../editor/editor-backend.ts';

const run = promisify(execFile);

export interface CheckedFile {
  /** Repository path, already confined (editor-paths.ts). */
  path: string;
  content: string | Uint8Array;
}

/**
 * The local proxy's proposal: the files written into the working tree and committed on its
 * current branch with the editor's message, only those files (whatever else is staged stays staged).
 */
export async function commitFiles(root: string, message: string, files: readonly CheckedFile[]): Promise<Proposal> {
  for (const file of files) {
    const target = path.join(root, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  const git = (...args: string[]) => run('git', args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const paths = files.map((file) => file.path);
  await git('add', '--', ...paths);
  await git('commit', '--quiet', '-m', message, '--only', '--', ...paths);
  const branch = (await git('rev-parse', '--abbrev-ref', 'HEAD')).stdout.trim();
  const commit = (await git('rev-parse', 'HEAD')).stdout.trim();
  return { branch, commit };
}
