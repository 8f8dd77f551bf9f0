import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aws, awsChecked, awsShown } from './aws-cli.ts';
import { UserError } from '../user-error.ts';

/** `s3://bucket/some/folder` as bucket and key prefix (no leading or trailing '/'). */
export interface S3Location {
  bucket: string;
  key: string;
}

export function parseS3Uri(uri: string, what: string): S3Location {
  const found = /^s3:\/\/([^/]+)\/?(.*)$/.exec(uri);
  if (!found) throw new UserError(`${what} ${JSON.stringify(uri)} is not an s3://bucket/folder address`);
  return { bucket: found[1] as string, key: (found[2] as string).replace(/\/+$/, '') };
}

export const s3Uri = ({ bucket, key }: S3Location) => (key === '' ? `s3://${bucket}` : `s3://${bucket}/${key}`);

/** What a listing says of an object: its size, and its ETag without quotes (the MD5 of its bytes for an upload in one part). */
export interface ListedObject {
  size: number;
  etag: string;
}

/**
 * Every object under a folder (or only those under `within`, a path inside it), by its path inside
 * the folder, with its size and ETag: one request per 1000 keys, nothing downloaded.
 */
export function listFolder(folder: S3Location, within = ''): Map<string, ListedObject> {
  const base = folder.key === '' ? '' : `${folder.key}/`;
  const stdout = awsChecked(['s3api', 'list-objects-v2', '--bucket', folder.bucket, '--prefix', base + within, '--output', 'json']);
  const listing = stdout.trim() === '' ? {} : (JSON.parse(stdout) as { Contents?: { Key: string; Size: number; ETag?: string }[] });
  return new Map((listing.Contents ?? []).map((object) => [object.Key.slice(base.length), { size: object.Size, etag: (object.ETag ?? '').replace(/"/g, '') }]));
}

/**
 * Uploads a local tree to a folder as it lies, each file to the same path below it, with one
 * Cache-Control (and a Content-Type, where the CLI's own table may not know the extension): one
 * `aws s3 cp --recursive`, whose parallel uploads make a thousand small files a matter of seconds.
 */
export function uploadTree(tree: string, folder: S3Location, headers: { cacheControl: string; contentType?: string }): void {
  const type = headers.contentType === undefined ? [] : ['--content-type', headers.contentType];
  awsShown(['s3', 'cp', `${tree}/`, `${s3Uri(folder)}/`, '--recursive', '--no-progress', '--cache-control', headers.cacheControl, ...type]);
}

/** One object's bytes, or undefined when there is no such key. */
export function readObject(object: S3Location): Buffer | undefined {
  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-s3-object-'));
  try {
    const file = path.join(temp, 'object');
    const result = aws(['s3api', 'get-object', '--bucket', object.bucket, '--key', object.key, file]);
    if (result.status !== 0) {
      if (/NoSuchKey|\(404\)/.test(result.stderr)) return undefined;
      throw new UserError(`cannot read ${s3Uri(object)}: ${result.stderr.trim()}`);
    }
    return readFileSync(file);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

export function writeObject(object: S3Location, body: string, contentType: string): void {
  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-s3-object-'));
  try {
    const file = path.join(temp, 'object');
    writeFileSync(file, body);
    awsChecked([
      's3api',
      'put-object',
      '--bucket',
      object.bucket,
      '--key',
      object.key,
      '--body',
      file,
      '--content-type',
      contentType,
      '--cache-control',
      'no-store',
    ]);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Deletes paths of a folder, 1000 a request (S3's limit); stops on the first key S3 did not delete. */
export function deleteFromFolder(folder: S3Location, paths: readonly string[]): void {
  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-s3-delete-'));
  try {
    for (let start = 0; start < paths.length; start += 1000) {
      const file = path.join(temp, 'delete.json');
      const objects = paths.slice(start, start + 1000).map((file) => ({ Key: folder.key === '' ? file : `${folder.key}/${file}` }));
      writeFileSync(file, JSON.stringify({ Objects: objects, Quiet: true }));
      const stdout = awsChecked(['s3api', 'delete-objects', '--bucket', folder.bucket, '--delete', `file://${file}`, '--output', 'json']);
      const errors = stdout.trim() === '' ? [] : ((JSON.parse(stdout) as { Errors?: { Key: string; Message?: string }[] }).Errors ?? []);
      if (errors.length > 0)
        throw new UserError(`S3 did not delete ${errors.length} objects, ${errors[0]!.Key} first: ${errors[0]!.Message ?? 'no reason given'}`);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

const BATCH = 200;

/** An exact path as an `aws s3 --include` pattern (fnmatch): its wildcard characters in brackets. */
export const literalPattern = (file: string) => file.replace(/[[*?]/g, (char) => `[${char}]`);

/**
 * Downloads some paths of a folder into `into`, under the same paths: one `aws s3 cp` for a few
 * hundred files at a time (its filters), not one process per file. Past a few batches, the whole
 * folder at once: each batch lists the folder again and matches every key against its filters.
 */
export function downloadFromFolder(folder: S3Location, paths: readonly string[], into: string): void {
  if (paths.length > 10 * BATCH) {
    awsChecked(['s3', 'cp', `${s3Uri(folder)}/`, `${into}/`, '--recursive', '--no-progress', '--only-show-errors']);
    return;
  }
  for (let start = 0; start < paths.length; start += BATCH) {
    const includes = paths.slice(start, start + BATCH).flatMap((file) => ['--include', literalPattern(file)]);
    awsChecked(['s3', 'cp', `${s3Uri(folder)}/`, `${into}/`, '--recursive', '--no-progress', '--only-show-errors', '--exclude', '*', ...includes]);
  }
}
