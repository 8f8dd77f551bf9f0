import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { globPattern, parseManifest } from '../generator/deploy/verify-manifest.ts';
import { IMMUTABLE, REVALIDATE } from '../generator/publish/publish-site.ts';
import { MANIFEST_FILE } from '../generator/shared/site-manifest.ts';
import { UserError } from '../user-error.ts';
import { checkAwsCli } from './aws-cli.ts';
import { DEFAULT_GRACE, emptyLedger, parseGrace, parseLedger, retireAssets, type Grace } from './deploy-ledger.ts';
import { objectEtag } from './object-etag.ts';
import { readPlanFile } from './plan-file.ts';
import { FILE_CLASSES, releaseChanges, type FileClass, type ReleaseSite, type Upload } from './release-changes.ts';
import { deleteFromFolder, listFolder, parseS3Uri, readObject, s3Uri, uploadTree, writeObject, type S3Location } from './s3-objects.ts';
import { printProblems } from './verify-manifest-command.ts';
import { damagedKeys, verifyPublished } from './verify-published.ts';

const USAGE =
  'usage: npm run deploy:s3 -- <dist folder> <s3://bucket[/folder]> --plan <plan.json> --ledger <s3://bucket/…/ledger.json> [--prune <every-tenant plan.json>] [--release NAME] [--grace 7d|3deploys] [--sample 50] [--full-check]';
export const DEFAULT_SAMPLE = 50;

/**
 * Not uploaded: S3 serves an object as it is, so it can neither pick a compressed sibling by
 * Accept-Encoding nor read `_headers` (docs/publishing.md). As `aws s3 --exclude` patterns.
 */
export const NOT_UPLOADED = ['*.br', '*.gz', '_headers'] as const;

/** Exit statuses, as docs/publishing.md names them. */
export const DEPLOY_EXIT = { published: 0, checkFailed: 1, nothingDone: 2, partWay: 3 } as const;

/**
 * `npm run deploy:s3 -- dist s3://bucket --plan plan.json --ledger s3://bucket/_deploys/release.json`
 * publishes every site of a plan (deploy:plan's or preview:plan's output: dist/<tenant>/ to
 * <bucket folder>/<key>/) as one release (docs/publishing.md, Releases): it sends only the files
 * whose bytes the bucket lacks (by the listing's ETags), all sites' new assets first, then their
 * other files, pages and manifests; deletes what no site has any more (assets, and with --prune
 * the folders of tenants the data no longer has, after their grace); then checks the result. `DEPLOY_NOW` (an ISO
 * time) stands in for the clock. Exit 0 when published and checked, 1 when the check fails, 2 when
 * nothing was sent (usage, tools, data), 3 when it stopped part-way, with what is live printed.
 */
export async function runDeployS3(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        plan: { type: 'string' },
        ledger: { type: 'string' },
        // deploy:plan's matrix of every tenant: the folders of any other tenant are pruned.
        prune: { type: 'string' },
        release: { type: 'string' },
        grace: { type: 'string', default: DEFAULT_GRACE },
        sample: { type: 'string', default: String(DEFAULT_SAMPLE) },
        'full-check': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`deploy:s3: ${(error as Error).message}\n${USAGE}`);
    return DEPLOY_EXIT.nothingDone;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 2 || values.ledger === undefined || values.plan === undefined) {
    console.error(USAGE);
    return DEPLOY_EXIT.nothingDone;
  }
  let release: Release;
  try {
    const folder = parseS3Uri(positionals[1] as string, 'the destination');
    release = {
      folder,
      sites: readSites(positionals[0] as string, values.plan),
      ledgerObject: parseS3Uri(values.ledger, '--ledger'),
      currentKeys: values.prune === undefined ? undefined : readPlanFile(values.prune, '--prune', { needsKey: true }).map((entry) => entry.key as string),
      name: values.release,
      grace: parseGrace(values.grace),
      sample: sampleSize(values.sample),
      full: values['full-check'],
      now: clock(),
    };
    checkRelease(release);
    checkAwsCli();
  } catch (error) {
    if (error instanceof UserError) {
      console.error(`deploy:s3: ${error.message}`);
      return DEPLOY_EXIT.nothingDone;
    }
    throw error;
  }
  return publish(release);
}

interface Release {
  folder: S3Location;
  sites: ReleaseSite[];
  ledgerObject: S3Location;
  /** With --prune: the folders of every tenant of the data. */
  currentKeys?: string[];
  name?: string;
  grace: Grace;
  sample: number;
  full: boolean;
  now: Date;
}

/** How far a release got: what a failure leaves online depends on it. */
type Stage = 'reading' | FileClass | 'cleaning' | 'checking';

function publish(release: Release): number {
  const { folder, sites, ledgerObject } = release;
  let stage: Stage = 'reading';
  // Beside the dist folder: on its file system, so files are linked rather than copied.
  const staging = mkdtempSync(path.join(path.dirname(path.dirname(sites[0]!.dir)), '.deploy-staging-'));
  try {
    // Everything that can stop the release is read before anything is sent.
    const ledgerText = readObject(ledgerObject);
    const ledger = ledgerText === undefined ? emptyLedger() : parseLedger(ledgerText.toString('utf8'), s3Uri(ledgerObject));
    const within = commonFolder([...sites.map((site) => site.key), ...(release.currentKeys ?? [])]);
    const listing = listFolder(folder, within);
    const repair = release.full ? damagedKeys(folder, sites, listing) : new Set<string>();
    const changes = releaseChanges({ sites, listing, currentKeys: release.currentKeys, repair });
    const counts = Object.fromEntries(FILE_CLASSES.map((kind) => [kind, changes.uploads.filter((upload) => upload.kind === kind).length])) as Record<
      FileClass,
      number
    >;
    console.log(
      `deploy:s3: ${sites.length} site${sites.length === 1 ? '' : 's'}, ${changes.uploads.length + changes.unchanged} files: ${changes.uploads.length} to upload (${counts.asset} assets, ${counts.other} other files, ${counts.page} pages, ${counts.manifest} manifests), ${changes.unchanged} unchanged${repair.size > 0 ? `; ${repair.size} damaged in the bucket, sent again` : ''}`,
    );

    for (const kind of FILE_CLASSES) {
      const uploads = changes.uploads.filter((upload) => upload.kind === kind);
      if (uploads.length === 0) continue;
      stage = kind;
      for (const group of headerGroups(kind, uploads)) {
        const tree = path.join(staging, `${kind}-${group.name}`);
        for (const upload of group.uploads) place(path.join(upload.site.dir, upload.file.path), path.join(tree, upload.key));
        uploadTree(tree, folder, group.headers);
      }
    }

    stage = 'cleaning';
    const retirement = retireAssets(ledger, changes.unreferenced, release.grace, release.now, changes.inScope);
    deleteFromFolder(folder, [...changes.dropped, ...retirement.expired]);
    writeObject(ledgerObject, `${JSON.stringify({ ...retirement.ledger, lastRelease: release.name }, null, 2)}\n`, 'application/json');
    const graceText = 'days' in release.grace ? `${release.grace.days} days` : `${release.grace.deploys} releases`;
    console.log(
      `deploy:s3: uploaded ${changes.uploads.length} objects; deleted ${changes.dropped.length} files no site has any more and ${retirement.expired.length} objects unreferenced for ${graceText}; kept ${retirement.kept.length} unreferenced objects for their grace (release ${retirement.ledger.deploys}, ledger ${s3Uri(ledgerObject)})`,
    );

    stage = 'checking';
    const check = verifyPublished({
      folder,
      within,
      sites,
      uploaded: new Set(changes.uploads.map((upload) => upload.key)),
      kept: new Set(retirement.kept),
      sample: release.sample,
      full: release.full,
    });
    const checked = `${check.listed} objects listed, every file's ETag compared; ${check.changed} of the ${check.sent} files sent and ${check.sampled} unchanged files downloaded`;
    if (check.problems.length === 0) {
      console.log(`deploy:s3: ${s3Uri(folder)} holds the release of ${sites.length} sites: ${checked}`);
      return DEPLOY_EXIT.published;
    }
    console.error(`deploy:s3: ${s3Uri(folder)} does not match the release: ${printProblems(check.problems)} (${checked})`);
    return DEPLOY_EXIT.checkFailed;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    console.error(`deploy:s3: ${error.message}`);
    console.error(`deploy:s3: ${whatIsLive(stage)}`);
    return stage === 'reading' ? DEPLOY_EXIT.nothingDone : DEPLOY_EXIT.partWay;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** What a release that stopped at a stage left online, in the words of docs/publishing.md. */
function whatIsLive(stage: Stage): string {
  switch (stage) {
    case 'reading':
      return 'nothing was sent: every site serves its previous release';
    case 'asset':
      return 'stopped while sending new assets, which no page online names yet: every site still serves its previous release, whole. Run the release again to publish it';
    case 'other':
    case 'page':
    case 'manifest':
      return 'stopped while switching the sites to the new release: a site whose manifest.json is the new one serves the new release; another may serve pages of both releases (each page whole, its assets present). Run the release again to finish it';
    case 'cleaning':
    case 'checking':
      return 'every site serves the new release; stopped while removing what it no longer has, or while checking it. Run the release again to finish';
  }
}

/** The sites of a plan, each with its built folder's files as the manifest lists them (those uploaded, and manifest.json). */
function readSites(dist: string, planFile: string): ReleaseSite[] {
  const plan = readPlanFile(planFile, '--plan', { needsKey: true });
  if (plan.length === 0) throw new UserError(`--plan ${planFile} names no site: there is nothing to publish`);
  const skipped = NOT_UPLOADED.map(globPattern);
  return plan.map(({ tenant, key }) => {
    const dir = path.resolve(dist, tenant);
    const manifestFile = path.join(dir, MANIFEST_FILE);
    if (!existsSync(manifestFile) || !statSync(dir).isDirectory())
      throw new UserError(`${path.join(dist, tenant)} has no ${MANIFEST_FILE}: build the plan's tenants with npm run build first`);
    const manifestBytes = readFileSync(manifestFile);
    const entries = parseManifest(manifestBytes.toString('utf8'), manifestFile).filter((entry) => !skipped.some((pattern) => pattern.test(entry.path)));
    const files = entries.map((entry) => {
      const bytes = readFileSync(path.join(dir, entry.path));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (sha256 !== entry.sha256 || bytes.length !== entry.size)
        throw new UserError(`${path.join(dist, tenant, entry.path)} is not the file its manifest lists: check the folder with npm run verify:manifest`);
      return { path: entry.path, size: entry.size, etag: objectEtag(bytes), sha256 };
    });
    files.push({
      path: MANIFEST_FILE,
      size: manifestBytes.length,
      etag: objectEtag(manifestBytes),
      sha256: createHash('sha256').update(manifestBytes).digest('hex'),
    });
    return { tenant, key: (key as string).replace(/^\/+|\/+$/g, ''), dir, files };
  });
}

function checkRelease({ folder, sites, ledgerObject, currentKeys }: Release): void {
  for (const site of sites) {
    if (site.key === '' || site.key.split('/').some((part) => part === '' || part === '.' || part === '..'))
      throw new UserError(`the plan's key ${JSON.stringify(site.key)} for ${site.tenant} is not a folder: expected one as deploy:plan prints it`);
    for (const other of sites)
      if (other !== site && (other.key === site.key || other.key.startsWith(`${site.key}/`)))
        throw new UserError(
          `the plan puts ${other.tenant} (${other.key}) inside ${site.tenant}'s folder ${site.key}: one release would delete the other's files`,
        );
    if (currentKeys !== undefined && !currentKeys.includes(site.key))
      throw new UserError(
        `the plan sends ${site.tenant} to ${site.key}, which no tenant of the data publishes to: make the plan again with npm run deploy:plan`,
      );
  }
  const ledgerKey = folder.key === '' ? ledgerObject.key : ledgerObject.key.slice(folder.key.length + 1);
  const inside = sites.find((site) => ledgerObject.bucket === folder.bucket && ledgerKey.startsWith(`${site.key}/`));
  if (inside) throw new UserError(`the ledger ${s3Uri(ledgerObject)} lies inside ${inside.tenant}'s folder: it would be published and deleted with the site`);
}

interface HeaderGroup {
  name: string;
  uploads: Upload[];
  headers: { cacheControl: string; contentType?: string };
}

/**
 * Uploads of one class, split by the headers they get: the Cache-Control the folders' `_headers`
 * give the class, and AVIF and WebP their types by name (not every CLI's table knows them).
 */
function headerGroups(kind: FileClass, uploads: readonly Upload[]): HeaderGroup[] {
  if (kind !== 'asset') return [{ name: 'all', uploads: [...uploads], headers: { cacheControl: REVALIDATE } }];
  const typed = [
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
  ] as const;
  const groups: HeaderGroup[] = typed.map(([extension, type]) => ({
    name: extension,
    uploads: uploads.filter((upload) => upload.file.path.endsWith(`.${extension}`)),
    headers: { cacheControl: IMMUTABLE, contentType: type },
  }));
  groups.push({
    name: 'other',
    uploads: uploads.filter((upload) => !typed.some(([extension]) => upload.file.path.endsWith(`.${extension}`))),
    headers: { cacheControl: IMMUTABLE },
  });
  return groups.filter((group) => group.uploads.length > 0);
}

/** A file laid into the staging tree: a hard link where the file system allows one, a copy elsewhere. */
function place(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The deepest folder holding every key: the part of the bucket a release lists. */
function commonFolder(keys: readonly string[]): string {
  const parts = keys.map((key) => key.split('/'));
  const common: string[] = [];
  for (let index = 0; parts.every((part) => part.length > index + 1 && part[index] === parts[0]![index]); index += 1) common.push(parts[0]![index]!);
  return common.length === 0 ? '' : `${common.join('/')}/`;
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
