import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMMUTABLE, MANIFEST_FILE, REVALIDATE } from '../generator/publish/publish-site.ts';
import { globPattern, parseManifest } from '../generator/deploy/verify-manifest.ts';
import { UserError } from '../user-error.ts';
import { awsShown, checkAwsCli } from './aws-cli.ts';
import { DEFAULT_GRACE, emptyLedger, parseGrace, parseLedger, retireAssets } from './deploy-ledger.ts';
import { deleteFromFolder, listFolder, parseS3Uri, readObject, s3Uri, writeObject, type S3Location } from './s3-objects.ts';
import { printProblems } from './verify-manifest-command.ts';
import { verifyPublished } from './verify-published.ts';

const USAGE =
  'usage: npm run deploy:s3 -- <site folder> <s3://bucket/folder> --ledger <s3://bucket/_deploys/<key>.json> [--grace 7d|3deploys] [--sample 50] [--full-check]';
export const DEFAULT_SAMPLE = 50;

/**
 * Not uploaded: S3 serves an object as it is, so it can neither pick a compressed sibling by
 * Accept-Encoding nor read `_headers` (docs/publishing.md). As `aws s3 --exclude` patterns.
 */
export const NOT_UPLOADED = ['*.br', '*.gz', '_headers'] as const;

/**
 * `npm run deploy:s3 -- dist/guardian s3://bucket/_shared/guardian --ledger s3://bucket/_deploys/_shared/guardian.json`
 * publishes one site folder to an S3 folder with the aws CLI (docs/publishing.md, What CI does):
 * the hashed assets, the other files, the HTML and manifest.json last; then deletes the pages and
 * files the build no longer has, and the assets whose grace period is over (the ledger counts it);
 * then checks what it changed and a sample of the rest against the manifest. `DEPLOY_NOW` (an
 * ISO time) stands in for the clock. Exit 0 when published and checked, 1 when the check
 * fails, 2 when nothing could be done (usage, tools, a ledger it cannot read).
 */
export async function runDeployS3(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ledger: { type: 'string' },
        grace: { type: 'string', default: DEFAULT_GRACE },
        sample: { type: 'string', default: String(DEFAULT_SAMPLE) },
        'full-check': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`deploy:s3: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 2 || values.ledger === undefined) {
    console.error(USAGE);
    return 2;
  }
  try {
    return deploy({
      site: siteFolder(positionals[0] as string),
      folder: parseS3Uri(positionals[1] as string, 'the destination'),
      ledgerObject: parseS3Uri(values.ledger, '--ledger'),
      grace: parseGrace(values.grace),
      sample: sampleSize(values.sample),
      full: values['full-check'],
      now: clock(),
    });
  } catch (error) {
    if (error instanceof UserError) {
      console.error(`deploy:s3: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

interface Deploy {
  site: string;
  folder: S3Location;
  ledgerObject: S3Location;
  grace: ReturnType<typeof parseGrace>;
  sample: number;
  full: boolean;
  now: Date;
}

function deploy({ site, folder, ledgerObject, grace, sample, full, now }: Deploy): number {
  if (folder.key === '') throw new UserError(`the destination ${s3Uri(folder)} is a whole bucket: give the site a folder of its own, as s3://bucket/<key>`);
  if (ledgerObject.bucket === folder.bucket && (ledgerObject.key + '/').startsWith(`${folder.key}/`)) {
    throw new UserError(`the ledger ${s3Uri(ledgerObject)} lies inside the site's folder ${s3Uri(folder)}: it would be published and deleted with the site`);
  }
  checkAwsCli();
  const manifestFile = path.join(site, MANIFEST_FILE);
  const manifestText = readFileSync(manifestFile, 'utf8');
  const skipped = NOT_UPLOADED.map(globPattern);
  const uploaded = parseManifest(manifestText, manifestFile).filter((entry) => !skipped.some((pattern) => pattern.test(entry.path)));
  const sent = new Set([...uploaded.map((entry) => entry.path), MANIFEST_FILE]);

  // Everything that can stop the deploy is read before anything is uploaded.
  const ledgerText = readObject(ledgerObject);
  const ledger = ledgerText === undefined ? emptyLedger() : parseLedger(ledgerText.toString('utf8'), s3Uri(ledgerObject));
  const before = listFolder(folder);
  const previousText = before.has(MANIFEST_FILE) ? readObject({ bucket: folder.bucket, key: `${folder.key}/${MANIFEST_FILE}` }) : undefined;
  let previous;
  try {
    previous = previousText && parseManifest(previousText.toString('utf8'), `${s3Uri(folder)}/${MANIFEST_FILE}`);
  } catch {
    console.log(`deploy:s3: the folder's manifest.json is not a manifest: every file is checked as changed`);
  }

  upload(site, s3Uri(folder), [...sent]);

  // Pages and other files go as soon as their replacements are up; assets wait for their grace.
  const gone = [...before.keys()].filter((file) => !sent.has(file));
  const pagesGone = gone.filter((file) => !file.startsWith('assets/'));
  const retirement = retireAssets(
    ledger,
    gone.filter((file) => file.startsWith('assets/')),
    grace,
    now,
  );
  const deleted = [...pagesGone, ...retirement.expired];
  deleteFromFolder(folder, deleted);
  writeObject(ledgerObject, `${JSON.stringify(retirement.ledger, null, 2)}\n`, 'application/json');
  const graceText = 'days' in grace ? `${grace.days} days` : `${grace.deploys} deploys`;
  console.log(
    `deploy:s3: deleted ${pagesGone.length} files the build no longer has and ${retirement.expired.length} assets unreferenced for ${graceText}; kept ${retirement.kept.length} unreferenced assets for their grace (deploy ${retirement.ledger.deploys}, ledger ${s3Uri(ledgerObject)})`,
  );

  const check = verifyPublished({ folder, uploaded, manifestText, previous, deleted, kept: retirement.kept, sample, full });
  const checked = `${check.listed} objects listed; ${check.changed} changed and ${check.sampled} sampled files downloaded`;
  if (check.problems.length === 0) {
    console.log(`deploy:s3: ${s3Uri(folder)} matches ${manifestFile}: ${checked}`);
    return 0;
  }
  console.error(`deploy:s3: ${s3Uri(folder)} does not match ${manifestFile}: ${printProblems(check.problems)} (${checked})`);
  return 1;
}

/**
 * The uploads, in the order that keeps every online page whole: hashed assets (a name already in
 * the bucket holds these bytes, so `--size-only` skips it), then the other files, then the HTML
 * and manifest.json. Each class gets the Cache-Control the folder's `_headers` gives it, and AVIF
 * and WebP their types by name (not every CLI's table knows them). Pages and small files go with
 * `cp`, not `sync`, which skips a same-size file older than the bucket's copy: what a rollback sends.
 */
function upload(site: string, destination: string, files: readonly string[]): void {
  const from = `${site}/`;
  const assets = [`${from}assets/`, `${destination}/assets/`, '--no-progress', '--size-only', '--cache-control', IMMUTABLE];
  // A pass with nothing to send is skipped: each start of the CLI costs about a second.
  for (const [extension, type] of [
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
  ] as const) {
    if (files.some((file) => file.startsWith('assets/') && file.endsWith(`.${extension}`)))
      awsShown(['s3', 'sync', ...assets, '--exclude', '*', '--include', `*.${extension}`, '--content-type', type]);
  }
  awsShown(['s3', 'sync', ...assets, '--exclude', '*.avif', '--exclude', '*.webp', ...NOT_UPLOADED.flatMap((pattern) => ['--exclude', pattern])]);
  const rest = [from, `${destination}/`, '--recursive', '--no-progress', '--cache-control', REVALIDATE];
  awsShown([
    's3',
    'cp',
    ...rest,
    '--exclude',
    'assets/*',
    '--exclude',
    '*.html',
    '--exclude',
    MANIFEST_FILE,
    ...NOT_UPLOADED.flatMap((pattern) => ['--exclude', pattern]),
  ]);
  awsShown(['s3', 'cp', ...rest, '--exclude', '*', '--include', '*.html', '--exclude', 'assets/*']);
  // The manifest alone and last: a folder whose manifest.json is this build's has all its files.
  awsShown(['s3', 'cp', `${from}${MANIFEST_FILE}`, `${destination}/${MANIFEST_FILE}`, '--no-progress', '--cache-control', REVALIDATE]);
}

function siteFolder(folder: string): string {
  const site = path.resolve(folder);
  if (!existsSync(site) || !statSync(site).isDirectory()) throw new UserError(`${folder} is not a folder`);
  if (!existsSync(path.join(site, MANIFEST_FILE))) throw new UserError(`${folder} has no ${MANIFEST_FILE}: deploy a folder built by npm run build`);
  return site;
}

function sampleSize(text: string): number {
  if (!/^\d+$/.test(text)) throw new UserError(`--sample ${JSON.stringify(text)}: expected how many unchanged files to download, as 50`);
  return Number(text);
}

function clock(): Date {
  const text = process.env.DEPLOY_NOW;
  if (text === undefined || text === '') return new Date();
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) throw new UserError(`DEPLOY_NOW ${JSON.stringify(text)} is not a time: expected an ISO time, as 2026-11-25T12:00:00Z`);
  return time;
}
