import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAgainstManifest, type ManifestProblem } from '../generator/deploy/verify-manifest.ts';
import { UserError } from '../user-error.ts';

const USAGE = 'usage: npm run verify:manifest -- <folder> [--manifest <manifest.json>] [--exclude <pattern>]...';
/** A deploy gone wrong can differ in thousands of files; the first ones name the fault. */
const SHOWN = 50;

/**
 * `npm run verify:manifest -- dist/guardian` checks a built folder against its own
 * manifest.json; `-- /tmp/downloaded --manifest dist/guardian/manifest.json --exclude '*.br'`
 * checks a copy fetched back from the bucket against the build that was uploaded. Prints one
 * line per missing, changed or unexpected file and exits 1 if there is any.
 */
export async function runVerifyManifest(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { manifest: { type: 'string' }, exclude: { type: 'string', multiple: true } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const folder = path.resolve(positionals[0] as string);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    console.error(`${positionals[0]} is not a folder`);
    return 2;
  }
  const manifestFile = values.manifest === undefined ? undefined : path.resolve(values.manifest);
  try {
    const { matched, problems } = await verifyAgainstManifest(folder, { manifestFile, exclude: values.exclude ?? [] });
    const against = manifestFile ? path.relative(process.cwd(), manifestFile) : 'its manifest.json';
    if (problems.length === 0) {
      console.log(`${positionals[0]}: all ${matched} files match ${against}`);
      return 0;
    }
    console.error(`${positionals[0]} does not match ${against}: ${printProblems(problems)} (${matched} files match)`);
    return 1;
  } catch (error) {
    if (error instanceof UserError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

/** Prints a line per problem (the first ones: they name the fault) and answers their counts by kind, as `2 missing, 1 changed, 0 unexpected`. */
export function printProblems(problems: readonly ManifestProblem[]): string {
  for (const problem of problems.slice(0, SHOWN)) console.error(`${problem.kind.padEnd(10)}  ${problem.path}${problem.detail ? `  (${problem.detail})` : ''}`);
  if (problems.length > SHOWN) console.error(`… and ${problems.length - SHOWN} more`);
  return (['missing', 'changed', 'unexpected'] as const).map((kind) => `${problems.filter((p) => p.kind === kind).length} ${kind}`).join(', ');
}
