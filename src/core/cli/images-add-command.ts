import { readdirSync, realpathSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createConcurrencyLimit } from '../generator/images/concurrency-limit.ts';
import { tooSmall } from '../generator/images/check-images.ts';
import { ImageSourceError } from '../generator/images/image-source-error.ts';
import { photoToJpeg, writeNewFile } from '../generator/images/photo-to-jpeg.ts';
import { listFiles } from '../data/list-files.ts';
import { loadProject } from '../data/load-project.ts';
import { describe, matchPhoto, photoIndex, type PhotoMatch, type PhotoTarget } from '../data/photo-match.ts';
import { projectRoot } from '../project-root.ts';

const USAGE = 'Usage: npm run images:add -- PATH… [--replace] [--dry-run] [--root DIR]   (PATH: photos, or folders of them)';
const PHOTO = /\.(jpe?g|png|webp)$/i;
const IMAGES = 'catalogs/images';

interface Photo {
  file: string;
  /** As printed: relative to where the command was run, when it is below it. */
  shown: string;
}

type Outcome =
  | { result: 'written' | 'would write' | 'replaced' | 'would replace'; target: PhotoTarget; note: string; warning?: string }
  | { result: 'kept' | 'in place'; target: PhotoTarget; note: string }
  | { result: 'ambiguous' | 'unmatched' | 'unreadable' | 'not a photo'; target?: undefined; note: string };

/** What is not taken in because of the photo itself: the run fails (exit 1) when any is left. */
const PROBLEMS: ReadonlySet<Outcome['result']> = new Set(['ambiguous', 'unmatched', 'unreadable']);

/**
 * `npm run images:add -- PATH… [--replace] [--dry-run] [--root DIR]`: takes photos named anyhow,
 * matches each to a product colour of the catalogs, and writes it as catalogs/images/<code>_<colour>.jpg
 * (an sRGB JPEG). Prints what became of each photo, then the product colours still without one.
 * `cwd` is where relative PATHs start: npm runs scripts in the package folder, not where they were typed.
 */
export async function runImagesAdd(argv: string[], cwd = process.cwd()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { replace: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length === 0) {
    console.error(`no photos given: name the photos, or folders of them\n${USAGE}`);
    return 1;
  }
  const replace = values.replace === true;
  const dryRun = values['dry-run'] === true;

  const photos = collectPhotos(positionals, cwd);
  if ('problems' in photos) {
    for (const problem of photos.problems) console.error(problem);
    console.error('Nothing written.');
    return 1;
  }

  // Like the photos, a relative --root is taken from where the command was typed, so both read alike.
  const root = projectRoot(values.root === undefined ? undefined : path.resolve(cwd, values.root));
  const loaded = loadProject(root);
  const brokenCatalogs = [
    ...new Set(loaded.diagnostics.filter((d) => d.severity === 'error' && /^catalogs\/[^/]+\.ya?ml$/.test(d.file)).map((d) => d.file)),
  ].filter((file) => !loaded.readableCatalogs.has(path.basename(file).replace(/\.ya?ml$/, '')));
  for (const file of brokenCatalogs) console.error(`${file} has errors of its own (npm run validate names them); its products are left out until it is fixed.`);
  const index = photoIndex([...loaded.readableCatalogs.values()].flat());
  if (index.targets.length === 0) {
    console.error(`No product colour to match photos to: no readable catalog in ${path.join(root, 'catalogs')}. Nothing written.`);
    return 1;
  }

  const matches = settleClashes(
    photos.photos.map((photo) => ({
      photo,
      match: PHOTO.test(photo.file) ? matchPhoto(index, path.basename(photo.file), path.basename(path.dirname(photo.file))) : undefined,
    })),
  );

  const imagesFolder = path.join(root, IMAGES);
  const present = new Set(listFiles(imagesFolder));
  if (!dryRun) await mkdir(imagesFolder, { recursive: true });
  const limit = createConcurrencyLimit(availableParallelism());
  const outcomes = await Promise.all(matches.map(({ photo, match }) => limit(() => takeIn(photo, match, { imagesFolder, present, replace, dryRun }))));

  printTable(photos.photos, outcomes);
  const warnings = outcomes.flatMap((o) => ('warning' in o && o.warning ? [o.warning] : []));
  for (const warning of warnings) console.log(`warning: ${warning}`);
  console.log(`\n${summary(outcomes, dryRun)}`);

  // What a dry run would write counts as there: the list is what would still be missing.
  const now = dryRun
    ? new Set([...present, ...outcomes.flatMap((o) => (o.result === 'would write' ? [o.target.file] : []))])
    : new Set(listFiles(imagesFolder));
  printMissing(
    index.targets.filter((t) => !now.has(t.file)),
    dryRun,
  );
  return outcomes.some((o) => PROBLEMS.has(o.result)) ? 1 : 0;
}

/** Every file named, and every file in the folders named (depth first, sorted; hidden ones left out). */
function collectPhotos(paths: string[], cwd: string): { photos: Photo[] } | { problems: string[] } {
  const photos: Photo[] = [];
  const problems: string[] = [];
  const shown = (file: string) => {
    const relative = path.relative(cwd, file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  };
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      problems.push(`${shown(folder)}: the folder cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() || (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isFile()))
        photos.push({ file: full, shown: shown(full) });
    }
  };
  for (const given of paths) {
    const full = path.resolve(cwd, given);
    const stats = statSync(full, { throwIfNoEntry: false });
    if (!stats) problems.push(`${given}: no such file or folder`);
    else if (stats.isDirectory()) walk(full);
    else photos.push({ file: full, shown: shown(full) });
  }
  return problems.length > 0 ? { problems } : { photos };
}

/** Two photos for one colour: neither is taken, as which one is meant cannot be told from the names. */
function settleClashes(matches: { photo: Photo; match: PhotoMatch | undefined }[]): { photo: Photo; match: PhotoMatch | undefined }[] {
  const byTarget = new Map<string, Photo[]>();
  for (const { photo, match } of matches) if (match?.kind === 'matched') byTarget.set(match.target.file, [...(byTarget.get(match.target.file) ?? []), photo]);
  return matches.map(({ photo, match }) => {
    if (match?.kind !== 'matched') return { photo, match };
    const rivals = byTarget.get(match.target.file)!;
    if (rivals.length === 1) return { photo, match };
    const reason = `${rivals.length} photos for ${describe(match.target)} (${rivals.map((p) => p.shown).join(', ')}); pass only the one to keep`;
    return { photo, match: { kind: 'ambiguous', reason, candidates: [match.target] } };
  });
}

/** Why a file is not taken, with the way out for the phone formats photographers send. */
function notAPhoto(file: string): string {
  const taken = 'only .jpg, .jpeg, .png and .webp files are taken';
  if (!/\.(heic|heif)$/i.test(file)) return taken;
  return `${taken}: this is an iPhone photo (HEIC); export it as JPEG (on the iPhone: Settings > Camera > Formats > Most Compatible, or share it to Mail or Files as "Most Compatible"; on a Mac: Preview > File > Export > JPEG) and add that file`;
}

interface TakeIn {
  imagesFolder: string;
  present: ReadonlySet<string>;
  replace: boolean;
  dryRun: boolean;
}

async function takeIn(photo: Photo, match: PhotoMatch | undefined, { imagesFolder, present, replace, dryRun }: TakeIn): Promise<Outcome> {
  if (!match) return { result: 'not a photo', note: notAPhoto(photo.file) };
  if (match.kind === 'ambiguous') return { result: 'ambiguous', note: `${match.reason}; candidates: ${match.candidates.map((t) => t.file).join(', ')}` };
  if (match.kind === 'unmatched')
    return { result: 'unmatched', note: `${match.reason}${match.nearest.length > 0 ? `; nearest: ${match.nearest.join(', ')}` : ''}` };

  const { target } = match;
  const destination = path.join(imagesFolder, target.file);
  const ignored = match.ignored.length > 0 ? `ignored ${match.ignored.map((w) => `"${w}"`).join(' ')}` : '';
  const exists = present.has(target.file);
  if (exists && sameFile(photo.file, destination)) return { result: 'in place', target, note: 'is already that file' };
  if (exists && !replace) return { result: 'kept', target, note: 'a photo is already there; --replace overwrites it' };

  let jpeg;
  try {
    jpeg = await photoToJpeg(photo.file, photo.shown);
  } catch (error) {
    if (error instanceof ImageSourceError) return { result: 'unreadable', note: error.reason };
    throw error;
  }
  const warning = tooSmall(`${IMAGES}/${target.file}`, 'product', jpeg);
  if (dryRun) return { result: exists ? 'would replace' : 'would write', target, note: ignored, warning };
  const written = await writeNewFile(destination, jpeg.bytes, { replace });
  // Another run or a copy put a photo there since the folder was listed: still never overwritten.
  if (written === 'exists') return { result: 'kept', target, note: 'a photo is already there; --replace overwrites it' };
  return { result: exists ? 'replaced' : 'written', target, note: ignored, warning };
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function printTable(photos: Photo[], outcomes: Outcome[]): void {
  const rows = [
    ['photo', 'result', `${IMAGES}/`, 'why'],
    ...photos.map((photo, i) => [photo.shown, outcomes[i]!.result, outcomes[i]!.target?.file ?? '-', outcomes[i]!.note]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, [...widths, 3].map((width) => '-'.repeat(width)).join('  '));
  console.log(lines.join('\n'));
}

/** The order results are counted in: what was done first, then what is left to do by hand. */
const RESULTS: readonly Outcome['result'][] = [
  'written',
  'would write',
  'replaced',
  'would replace',
  'in place',
  'kept',
  'ambiguous',
  'unmatched',
  'unreadable',
  'not a photo',
];

function summary(outcomes: Outcome[], dryRun: boolean): string {
  const parts = RESULTS.flatMap((result) => {
    const count = outcomes.filter((o) => o.result === result).length;
    return count === 0 ? [] : [`${count} ${result === 'kept' ? 'kept (already there)' : result}`];
  });
  const total = `${outcomes.length} file${outcomes.length === 1 ? '' : 's'}: ${parts.join(', ')}.`;
  return dryRun ? `${total} Dry run: nothing written.` : total;
}

function printMissing(missing: PhotoTarget[], dryRun: boolean): void {
  const after = dryRun ? ' after this run' : '';
  if (missing.length === 0) {
    console.log(`Every product colour has a photo${after}.`);
    return;
  }
  console.log(`\nStill without a photo${after} (${missing.length}):`);
  const width = Math.max(...missing.map((t) => describe(t).length));
  for (const target of missing) console.log(`  ${describe(target).padEnd(width)}  ${IMAGES}/${target.file}`);
}
