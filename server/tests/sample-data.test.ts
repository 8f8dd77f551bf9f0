import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadProject } from '../../src/core/data/load-project.ts';
import { projectRoot } from '../../src/core/project-root.ts';
import { anOrderLine } from '../../tests/helpers/order-builders.ts';
import { spawnApi } from './helpers/spawn-api.ts';
import { postJson, signIn } from './helpers/test-api.ts';

/**
 * What the "done when" asks, as a developer would do it: `npm run start:api` on the
 * repository's own sample data with nothing else installed (SQLite, no SMTP, no PayPal), a
 * bypass order placed over HTTP, then found in retrieve-orders and as an e-mail file.
 */
// Guardian's secrets as its file has them (tenants/guardian.yaml).
const guardian = loadProject(projectRoot()).project?.tenants.find((t) => t.id === 'guardian');

it('npm run start:api serves the sample data: a bypass order is listed and e-mailed to a file', async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'start-api-'));
  const mailDir = path.join(scratch, 'mail');
  const api = await spawnApi({ SQLITE_PATH: path.join(scratch, 'orders.sqlite'), MAIL_DIR: mailDir, MAIL_POLL_MS: '100' }, 'npm');
  try {
    expect(api.logs.some((l) => l.level === 'warn' && /PayPal checkout is off/.test(String(l.msg)))).toBe(true);
    const created = await postJson(api.url, '/v1/create-order', {
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana@guardian.example',
      store: 'Guardian Ford',
      customer_po: 'PO-77',
      companyName: 'Guardian Automotive Group',
      bypassPaypal: true,
      code: guardian?.bypassCodes[0],
      cart: [anOrderLine()],
    });
    expect(created.status).toBe(200);
    const orderId = created.body.order_id as string;

    // The company name alone lists nothing: the orders need the group's password.
    const anonymous = await postJson(api.url, '/v1/retrieve-orders', { companyName: 'Guardian Automotive Group' });
    expect(anonymous.body).toEqual({ message: 'Sign in with the Guardian Automotive Group password to see its orders' });
    expect(anonymous.status).toBe(401);
    const listed = await postJson(
      api.url,
      '/v1/retrieve-orders',
      { companyName: 'Guardian Automotive Group' },
      await signIn(api.url, 'Guardian Automotive Group', guardian?.password ?? ''),
    );
    expect(listed.body.orders).toMatchObject([{ order_id: orderId, paid: 2, first_name: 'Dana', order: [{ code: 'K500', quantity: 12, price: 38.77 }] }]);

    // Written by the API's mail thread, which a busy machine (a clean clone compiling it first) may start slowly.
    const deadline = Date.now() + 30_000;
    let files: string[] = [];
    // The staff's order e-mail and the buyer's confirmation.
    while (files.length < 2 && Date.now() < deadline) {
      files = !existsSync(mailDir)
        ? []
        : readdirSync(mailDir, { withFileTypes: true })
            .filter((f) => f.name.endsWith('.eml'))
            .map((f) => f.name);
      if (files.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files).toHaveLength(2);
    const mails = files.map((file) => readFileSync(path.join(mailDir, file), 'utf8'));
    expect(mails.filter((mail) => /^To: dana@guardian\.example$/m.test(mail))).toHaveLength(1);
    const eml = mails.find((mail) => /^To: orders@guardian\.example$/m.test(mail))!;
    expect(eml).toBeDefined();
    // Quoted-printable may break a long line with a soft line break ("=" at its end).
    expect(eml.replace(/=\r?\n/g, '')).toContain(orderId);
    expect(eml.replace(/=\n/g, '')).toContain('Total: $465.24');
  } finally {
    // npm itself dies of the signal; the server behind it shuts down cleanly.
    api.signal('SIGTERM');
    await api.exited;
    // npm is gone at once; the server may still be finishing (a loaded CI machine took over 10 s once).
    const deadline = Date.now() + 30_000;
    while (!api.logs.some((l) => l.msg === 'shut down') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.logs.map((l) => l.msg).slice(-6), `the last log lines:\n${api.stdoutLines.slice(-6).join('\n')}\n${api.stderr()}`).toContain('shut down');
    rmSync(scratch, { recursive: true, force: true });
  }
});
