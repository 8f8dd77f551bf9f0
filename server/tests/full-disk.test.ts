import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, BYPASS_CODE, BYPASS_TENANT, bypassMotorsOrder, writeOrderFixture } from './helpers/order-fixture.ts';
import { startTestApi, type TestApi } from './helpers/test-api.ts';

/**
 * The order API on SQLite whose file system really stops taking writes under it: its database
 * (SQLITE_PATH) sits on a small file system this test mounts.
 * - Full: a tmpfs the test fills to ENOSPC (a filler file beside the database, never the
 *   database itself), then frees again.
 * - Read-only: an ext4 image (loop device) that the test turns read-only with
 *   `mount -o remount,abort`, which is what the kernel does to a live file system on an I/O
 *   error (errors=remount-ro). A plain `mount -o remount,ro` cannot be used: Linux refuses it
 *   (EBUSY) while files are open for writing, as SQLite's are. An aborted ext4 stays read-only
 *   until it is unmounted, so recovery there is a restart of the API after a clean remount.
 * Readiness must report the fault, liveness must not, and every secret, wrong or right, must
 * get 503 with Retry-After rather than a 401, a 200 or a 500, and no order may be stored.
 *
 * Mounting needs root (or CAP_SYS_ADMIN), loop devices for ext4, and a kernel or container that
 * allows them. Where they are refused, these tests are skipped with the refusal in their title
 * (the contract suites' read-only databases, PRAGMA query_only and default_transaction_read_only,
 * still run everywhere); set ORDER_API_REQUIRE_MOUNT_TESTS=1 to make a refusal a failure instead,
 * on a machine where they must prove something.
 */
const TMPFS_SIZE = '8m';
const EXT4_SIZE = 16 * 1024 * 1024;
const UNAVAILABLE = { status: 503, body: { message: 'Passwords and codes cannot be checked right now; try again in a minute' } };

type FileSystem = 'tmpfs' | 'ext4';

/** Mounts a new `kind` file system on a new folder and returns the folder; an ext4 image lives in `imageDir`. */
function mountNew(kind: FileSystem, imageDir: string, size = TMPFS_SIZE): string {
  const dir = mkdtempSync(path.join(tmpdir(), `order-api-${kind}-`));
  if (kind === 'tmpfs') {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  }
  const image = path.join(imageDir, 'disk.img');
  if (!existsSync(image)) {
    closeSync(openSync(image, 'w'));
    truncateSync(image, EXT4_SIZE);
    execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'pipe' });
  }
  execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, dir], { stdio: 'pipe' });
  return dir;
}

/** Why mounting `kind` is refused here, or undefined when it works (tried once, while the tests are collected). */
function mountRefusal(kind: FileSystem): string | undefined {
  const scratch = mkdtempSync(path.join(tmpdir(), 'order-api-mount-probe-'));
  let dir: string | undefined;
  try {
    dir = mountNew(kind, scratch, '1m');
    unmount(dir);
    return undefined;
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    if (dir) rmSync(dir, { recursive: true, force: true });
    return `mounting ${kind === 'ext4' ? 'an ext4 image on a loop device' : 'a tmpfs'} is refused (uid ${process.getuid?.()}): ${stderr || (error as Error).message}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const skipAllowed = process.env.ORDER_API_REQUIRE_MOUNT_TESTS !== '1';
const refusals = { tmpfs: mountRefusal('tmpfs'), ext4: mountRefusal('ext4') };
/** `it`, or `it.skip` with the reason in its title where mounting `kind` is refused (unless ORDER_API_REQUIRE_MOUNT_TESTS=1). */
const mountTest = (kind: FileSystem, title: string, test: () => Promise<void>) => {
  const refusal = refusals[kind];
  if (refusal && skipAllowed) it.skip(`${title} (skipped: ${refusal})`, test);
  else it(title, test);
};

describe('order API on SQLite on a file system that stops taking writes', () => {
  let fixture: string;
  let images: string;
  let mountPoint: string | undefined;
  let api: TestApi | undefined;

  beforeAll(() => {
    fixture = writeOrderFixture();
    images = mkdtempSync(path.join(tmpdir(), 'order-api-images-'));
  });
  afterEach(async () => {
    // The API first: a file system with open files cannot be unmounted.
    await api?.close();
    api = undefined;
    if (mountPoint) unmount(mountPoint);
    mountPoint = undefined;
  });
  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
    rmSync(images, { recursive: true, force: true });
  });

  const startOn = async (dir: string) => {
    api = await startTestApi({ dataRoot: fixture, env: { SQLITE_PATH: path.join(dir, 'orders.sqlite') } });
    return api;
  };
  /** A new `kind` file system with an API whose SQLite database is on it, after one bypass order went through. */
  const apiOn = async (kind: FileSystem) => {
    const refusal = refusals[kind];
    if (refusal)
      throw new Error(
        `${refusal}. This test needs to mount it (run as root where mount is allowed), (ORDER_API_REQUIRE_MOUNT_TESTS=1 is set, so a refusal fails)`,
      );
    mountPoint = mountNew(kind, images);
    const started = await startOn(mountPoint);
    expect(await readiness(started)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await started.post('/v1/create-order', order(), client)).status).toBe(200);
    return { api: started, dir: mountPoint };
  };

  mountTest(
    'tmpfs',
    'full disk: readiness 503, liveness 200, every secret 503 and no order stored; writes and codes work again once space is freed',
    async () => {
      const { api, dir } = await apiOn('tmpfs');
      const filler = path.join(dir, 'filler');
      fillUntilFull(filler);

      const refused = await expectFailsClosed(api);

      rmSync(filler);
      await expectRecovers(api, refused);
    },
  );

  mountTest(
    'ext4',
    'read-only file system under the running API: the same answers; after a remount and a restart its orders are intact and it takes writes again',
    async () => {
      const { api: running, dir } = await apiOn('ext4');
      execFileSync('mount', ['-o', 'remount,abort', dir], { stdio: 'pipe' });

      const refused = await expectFailsClosed(running);

      await running.close();
      api = undefined;
      unmount(dir);
      mountPoint = mountNew('ext4', images);
      await expectRecovers(await startOn(mountPoint), refused);
    },
  );
});

const client = { 'x-forwarded-for': '192.0.2.190' };
const order = (email = `${randomUUID()}@dealer.example`) => bypassMotorsOrder({ email });

async function readiness(api: TestApi) {
  const response = await fetch(`${api.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Readiness probes at most once a second: waits for the answer the disk now calls for. */
async function readinessBecomes(api: TestApi, status: number) {
  const deadline = Date.now() + 10_000;
  let answer = await readiness(api);
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await readiness(api);
  }
  return answer;
}

/** Checks every answer of an API whose database cannot write; returns the e-mail of the order it refused. */
async function expectFailsClosed(api: TestApi): Promise<string> {
  expect(await readinessBecomes(api, 503)).toMatchObject({
    status: 503,
    body: { status: 'not ready', message: expect.stringMatching(/^The sqlite database does not take writes: /) },
  });
  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);

  // More wrong codes than RATE_LIMIT_MAX_FAILURES: none is counted, so none may be compared.
  for (let i = 0; i < 5; i++) {
    const wrong = await api.post('/v1/session', { companyName: BYPASS_TENANT, code: `WRONG${i}` }, client);
    expect(wrong).toMatchObject(UNAVAILABLE);
    expect(Number(wrong.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  const right = await api.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, client);
  expect(right).toMatchObject(UNAVAILABLE);
  expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await api.post('/v1/session', { companyName: BYPASS_TENANT, password: ADMIN_PASSWORD }, client)).toMatchObject(UNAVAILABLE);

  const email = `${randomUUID()}@dealer.example`;
  const placed = await api.post('/v1/create-order', order(email), client);
  expect(placed).toMatchObject(UNAVAILABLE);
  expect(Number(placed.headers.get('retry-after'))).toBeGreaterThan(0);
  return email;
}

/** Checks that `api` takes writes and codes again, holding the order placed before the fault and not `refusedEmail`'s. */
async function expectRecovers(api: TestApi, refusedEmail: string) {
  expect(await readinessBecomes(api, 200)).toMatchObject({ status: 200, body: { status: 'ready' } });
  const session = await api.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, client);
  expect(session.status).toBe(200);
  expect((await api.post('/v1/create-order', order(), client)).status).toBe(200);

  const admin = await api.signIn(BYPASS_TENANT, ADMIN_PASSWORD);
  const listed = await api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT, limit: 500 }, admin);
  expect(listed.status).toBe(200);
  const emails = (listed.body.orders as { email: string }[]).map((o) => o.email);
  // The order before the fault and the one after; the one refused during it was never stored.
  expect(emails).toHaveLength(2);
  expect(emails).not.toContain(refusedEmail);
}

/** Writes to `file` until the file system answers ENOSPC, leaving it full. */
function fillUntilFull(file: string) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 0xa5);
  try {
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
        throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

function unmount(dir: string) {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    // Something still holds a file there (a test that failed half-way): detach it now, the kernel frees it when that ends.
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  }
  rmSync(dir, { recursive: true, force: true });
}
