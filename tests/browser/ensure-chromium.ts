import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** Debian's Chromium; never a browser download. CHROMIUM_PATH points elsewhere when needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const INSTALL = 'apt-get update && apt-get install -y chromium';

/**
 * Runs before `npm test` (the `pretest` script): the browser suite needs a Chromium, and the
 * README promises that `npm test` needs nothing installed by hand. As root with apt, Debian's
 * package is installed here; otherwise one line names the command to run, before any test starts.
 */
export function ensureChromium(): { ok: true } | { ok: false; message: string } {
  if (chromiumStarts()) return { ok: true };
  if (process.env.CHROMIUM_PATH) {
    return {
      ok: false,
      message: `CHROMIUM_PATH=${CHROMIUM_PATH} does not start (\`${CHROMIUM_PATH} --version\` failed): point it at a Chromium binary, or unset it to use Debian's`,
    };
  }
  if (debianPackageInstalled('chromium')) {
    return {
      ok: false,
      message: `Debian's chromium package is installed but ${CHROMIUM_PATH} does not start: run \`apt-get install --reinstall -y chromium chromium-common\``,
    };
  }
  const root = process.getuid?.() === 0;
  if (!root || !commandExists('apt-get')) {
    return {
      ok: false,
      message: `The browser tests need Chromium: run \`sudo sh -c '${INSTALL}'\` (Debian or Ubuntu), or set CHROMIUM_PATH to a Chromium binary`,
    };
  }
  console.log(`pretest: no Chromium at ${CHROMIUM_PATH}; installing Debian's chromium package for the browser tests (${INSTALL})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0)
      return { ok: false, message: `\`apt-get ${args.join(' ')}\` failed (exit ${result.status}): run \`${INSTALL}\` by hand and read its output` };
  }
  return chromiumStarts() ? { ok: true } : { ok: false, message: `installed Debian's chromium, but ${CHROMIUM_PATH} still does not start` };
}

function chromiumStarts(): boolean {
  return spawnSync(CHROMIUM_PATH, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

export function debianPackageInstalled(name: string): boolean {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcome = ensureChromium();
  if (!outcome.ok) {
    console.error(`npm test: ${outcome.message}`);
    process.exitCode = 1;
  }
}
