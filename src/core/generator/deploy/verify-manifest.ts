import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { manifestOf } from '../publish/publish-site.ts';
import { MANIFEST_FILE, type ManifestEntry } from '../shared/site-manifest.ts';
import { UserError } from '../../user-error.ts';

export interface VerifyOptions {
  /**
   * The manifest to hold the folder to; default the folder's own `manifest.json`. A deploy
   * that downloads what it uploaded checks the copy against the manifest of the build it sent,
   * and the copy's own manifest.json must then be that same file.
   */
  manifestFile?: string;
  /**
   * Paths left out of the comparison, as `aws s3 sync --exclude` patterns (matched against the
   * whole relative path, `*` spanning folders): what the deploy chose not to upload.
   */
  exclude?: readonly string[];
}

export interface ManifestProblem {
  kind: 'missing' | 'changed' | 'unexpected';
  path: string;
  detail?: string;
}

export interface VerifyResult {
  /** Files of the manifest (less the excluded ones) found with their size and sha256. */
  matched: number;
  problems: ManifestProblem[];
}

export class ManifestError extends UserError {}

/**
 * Holds a published folder to a manifest written by the build: every listed file present with
 * its size and sha256, and nothing else (a file the manifest does not list is a leftover of an
 * older deploy that `--delete` should have removed). The folder is hashed by the build's own
 * `manifestOf`, so both sides list and hash files the same way.
 */
export async function verifyAgainstManifest(folder: string, { manifestFile, exclude = [] }: VerifyOptions = {}): Promise<VerifyResult> {
  const reference = manifestFile ?? path.join(folder, MANIFEST_FILE);
  const referenceText = await readFile(reference, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ManifestError(`cannot read the manifest ${reference}: ${error.code ?? error.message}`);
  });
  const expected = parseManifest(referenceText, reference);
  const excluded = exclude.map(globPattern);
  const kept = (file: string) => !excluded.some((pattern) => pattern.test(file));

  const problems: ManifestProblem[] = [];
  if (manifestFile !== undefined) {
    // The folder's own manifest is not in any manifest; when it is held to another, it must be that one.
    const own = await readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => undefined);
    if (own === undefined) problems.push({ kind: 'missing', path: MANIFEST_FILE });
    else if (own !== referenceText) problems.push({ kind: 'changed', path: MANIFEST_FILE, detail: `differs from ${reference}` });
  }

  const actual = new Map((await manifestOf(folder)).map((entry) => [entry.path, entry]));
  let matched = 0;
  for (const entry of expected) {
    if (!kept(entry.path)) continue;
    const found = actual.get(entry.path);
    actual.delete(entry.path);
    if (!found) problems.push({ kind: 'missing', path: entry.path });
    else if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      problems.push({
        kind: 'changed',
        path: entry.path,
        detail: `${entry.size} bytes sha256 ${entry.sha256.slice(0, 12)}… expected, found ${found.size} bytes sha256 ${found.sha256.slice(0, 12)}…`,
      });
    } else matched += 1;
  }
  for (const file of actual.keys()) if (kept(file)) problems.push({ kind: 'unexpected', path: file });
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { matched, problems };
}

/**
 * The pattern language of `aws s3 sync --exclude/--include` (Python's fnmatch on the whole
 * path): `*` any characters, '/' included; `?` one character; `[...]` a set. Sharing it lets
 * a deploy pass the same patterns to the upload and to the check.
 */
export function globPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i] as string;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end);
      source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
      i = end;
    } else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** A manifest's entries; `file` names it in the error. */
export function parseManifest(text: string, file: string): ManifestEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const valid = (entry: unknown): entry is ManifestEntry =>
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as ManifestEntry).path === 'string' &&
    Number.isInteger((entry as ManifestEntry).size) &&
    /^[0-9a-f]{64}$/.test(String((entry as ManifestEntry).sha256));
  if (!Array.isArray(data) || !data.every(valid)) throw new ManifestError(`${file} is not a manifest: expected a list of { path, size, sha256 }`);
  return data;
}
