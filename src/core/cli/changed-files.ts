import { readFileSync } from 'node:fs';

/**
 * The paths of a `--changed-files` file (one a line, as `git diff --name-only` prints them), or
 * undefined without the option; 'unreadable' once the reason is printed under the command's name.
 */
export function readChangedFiles(command: string, file: string | undefined): string[] | undefined | 'unreadable' {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  } catch (error) {
    console.error(`${command}: cannot read --changed-files ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 'unreadable';
  }
}
