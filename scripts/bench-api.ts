import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { logoOfferFor } from '../src/domain/logo-rules.ts';

/**
 * `npm run bench:api [-- --duration 10 --connections 20]`: starts the order API on SQLite
 * (a temporary database, the sample data, e-mails to a temporary folder) as a child process,
 * loads it from this process with autocannon on loopback, and prints requests per second and
 * p50/p99 latency for a bypass create-order and for retrieve-orders of a tenant with 200
 * orders. Exits 1 if any request failed. Figures go in docs/performance.md.
 */
const REPO = projectRoot();
const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

const GUARDIAN = 'Guardian Automotive Group';
const HENNESSY = 'Hennessy Automobile Companies';

/** A 3-line bypass order with the tenant's own first mens logo and placement, as its item page would make it. */
const project = loadProject(REPO).project;

function order(companyName: string, code: string, email: string): string {
  const tenant = project?.tenants.find((t) => t.companyName === companyName);
  if (!tenant) throw new Error(`the sample data has no valid tenant "${companyName}": run npm run validate`);
  const { embroideries, placements } = logoOfferFor(tenant, 'mens');
  const logo = { embroidery: embroideries[0] ?? '', placement: embroideries[0] ? (placements[0] ?? '') : '' };
  return JSON.stringify({
    first_name: 'Bench', last_name: 'Mark', email, store: '', customer_po: 'BENCH', companyName, bypassPaypal: true, code,
    cart: [
      { type: 'mens', name: 'Sport Polo', price: 38.77, quantity: 10, size: 'Medium', color: 'Navy', code: 'K500', ...logo },
      { type: 'mens', name: 'Sport Polo', price: 40.77, quantity: 2, size: '2XL', color: 'Black', code: 'K500', ...logo },
      { type: 'service', name: 'Floor Mats', price: 76.44, quantity: 3, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' },
    ],
  });
}

async function main(): Promise<number> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    // One client at full speed: the request budget would refuse it within a second, which is not what this measures.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SQLITE_PATH: path.join(scratch, 'orders.sqlite'), MAIL_DIR: path.join(scratch, 'mail'), DATABASE_URL: '', SMTP_URL: '', REQUEST_LIMIT: '1000000', SESSION_SECRET: randomBytes(32).toString('hex') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await listeningUrl(server);
    console.log(`order API on ${url} (SQLite, WAL, synchronous=FULL), ${cpus().length} CPUs, ${connections} connections, ${duration} s per run\n`);

    // 200 orders for retrieve-orders to list.
    for (let i = 0; i < 200; i++) {
      const body = order(HENNESSY, 'NET30HEN', `seed-${i}@hennessy.example`);
      const response = await fetch(`${url}/v1/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    }

    const session = await fetch(`${url}/v1/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ companyName: HENNESSY, password: 'hennessy-store' }) });
    if (session.status !== 200) throw new Error(`signing in failed: ${session.status} ${await session.text()}`);
    const { token } = (await session.json()) as { token: string };

    const runs = [
      { title: 'create-order (bypass, 3 lines)', path: '/v1/create-order', body: order(GUARDIAN, 'NET30GUARD', 'bench@guardian.example'), headers: {} },
      { title: 'retrieve-orders (a page of 100 of 200 orders)', path: '/v1/retrieve-orders', body: JSON.stringify({ companyName: HENNESSY, limit: 100 }), headers: { authorization: `Bearer ${token}` } },
    ];
    const rows: string[][] = [];
    let failed = 0;
    for (const run of runs) {
      const result = await autocannon({ url: `${url}${run.path}`, method: 'POST', headers: { 'content-type': 'application/json', ...run.headers }, body: run.body, connections, duration });
      failed += result.non2xx + result.errors + result.timeouts;
      if (result.non2xx > 0) console.error(`${run.title}: answers by status`, (result as { statusCodeStats?: unknown }).statusCodeStats);
      rows.push([run.title, result.requests.average.toFixed(0), `${result.latency.p50} ms`, `${result.latency.p99} ms`, String(result.requests.total), String(result.non2xx + result.errors + result.timeouts)]);
    }
    printTable(['call', 'req/s', 'p50', 'p99', 'requests', 'failed'], rows);
    if (failed > 0) console.error(`\n${failed} requests failed`);
    return failed > 0 ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(scratch, { recursive: true, force: true });
  }
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
