import { existsSync, readdirSync } from 'node:fs';

/** Sorted, so reports and builds come out in the same order on every machine. */
export function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}
