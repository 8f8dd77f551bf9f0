import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { hashDeskPassword } from '../app/desk-password.ts';
import { aBypassOrderBody } from '../../tests/helpers/order-builders.ts';
import { withSession } from '../../tests/helpers/session-builders.ts';
import { contractWorld } from './helpers/contract-world.ts';
import { ADMIN_PASSWORDS, BYPASS_CODE, BYPASS_TENANT, OTHER_TENANT, POLO_LINE, STAFF_PASSWORD } from './helpers/order-fixture.ts';

const DESK_PASSWORD = 'supplier-desk-password-1';

/**
 * The supplier's order desk (run on SQLite and PostgreSQL): its own sign-in lists every tenant's
 * orders while a tenant's session still sees only its own; bulk status changes and a carrier's
 * tracking CSV change exactly the orders named, all or none, audited with who and what; the
 * export's lines sum to the orders' totals.
 */
export function deskContract(newDatabase: () => Promise<string | undefined>): void {
  const world = contractWorld(newDatabase, { SUPPLIER_DESK_PASSWORD_HASH: hashDeskPassword(DESK_PASSWORD) });

  const desk = async (name = 'Dana at the desk') => {
    const answer = await world.api.post('/v1/desk-session', { name, password: DESK_PASSWORD });
    expect(answer.status).toBe(200);
    return withSession(answer.body.token as string);
  };
  const codes: Record<string, string> = { [BYPASS_TENANT]: BYPASS_CODE, [OTHER_TENANT]: 'OTHERCODE' };
  /** A bypass order with two lines of `companyName`: its id. */
  const placeOrder = async (companyName = BYPASS_TENANT, customerPo = '') => {
    const line = POLO_LINE;
    const cart =
      companyName === BYPASS_TENANT
        ? [line, { ...line, size: '2XL', quantity: 7 }]
        : [{ type: 'hat', name: 'ONLY-OTHER', price: 1, quantity: 3, size: 'OSFA', color: 'Black', code: 'ONLY-OTHER' }];
    const created = await world.api.post('/v1/create-order', aBypassOrderBody(companyName, codes[companyName]!, cart, { customer_po: customerPo }));
    expect(created.status, created.body.message).toBe(200);
    return created.body.order_id as string;
  };
  const deskList = async (filter: Record<string, unknown> = {}, session?: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const answer = await world.api.post('/v1/desk-orders', { filter, limit: 200, ...extra }, session ?? (await desk()));
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body as { orders: Record<string, any>[]; next_cursor: string | null; tenants: Record<string, any>[] };
  };
  const statusOf = async (orderId: string) => (await deskList({ search: orderId })).orders.find((o) => o.order_id === orderId)!.status as string;

  describe('who may use it', () => {
    it("lists every tenant's orders to the desk, while a tenant's session still lists only its own and cannot open the desk", async () => {
      const bypass = await placeOrder(BYPASS_TENANT);
      const other = await placeOrder(OTHER_TENANT);
      const listed = await deskList();
      const ids = listed.orders.map((o) => o.order_id);
      expect(ids).toEqual(expect.arrayContaining([bypass, other]));
      expect(listed.orders.find((o) => o.order_id === other)).toMatchObject({ tenant_id: 'other-group', company_name: OTHER_TENANT });
      expect(listed.tenants.map((t) => t.company_name)).toEqual(expect.arrayContaining([BYPASS_TENANT, OTHER_TENANT]));

      const admin = await world.api.signIn(BYPASS_TENANT, ADMIN_PASSWORDS[BYPASS_TENANT]!);
      const own = await world.api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT, limit: 500 }, admin);
      expect(own.status).toBe(200);
      const ownIds = (own.body.orders as Record<string, any>[]).map((o) => o.order_id);
      expect(ownIds).toContain(bypass);
      expect(ownIds).not.toContain(other);
      expect(await world.api.post('/v1/desk-orders', {}, admin)).toMatchObject({ status: 403 });
      expect(await world.api.post('/v1/desk-orders', {}, await world.api.signIn(BYPASS_TENANT, STAFF_PASSWORD))).toMatchObject({ status: 403 });
      expect(await world.api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, await desk())).toMatchObject({ status: 401 });
      expect(await world.api.post('/v1/desk-orders', {})).toMatchObject({ status: 401 });
      expect(await world.api.post('/v1/desk-session', { name: 'Eve', password: ADMIN_PASSWORDS[BYPASS_TENANT] })).toMatchObject({
        status: 401,
        body: { message: 'Wrong password' },
      });
    });
  });

  describe('the list', () => {
    it('filters by tenant, status, PO and search, newest first, and pages with a cursor', async () => {
      const po = `PO-${randomUUID().slice(0, 8)}`;
      const first = await placeOrder(BYPASS_TENANT, po);
      const second = await placeOrder(BYPASS_TENANT, po);
      const other = await placeOrder(OTHER_TENANT, po);
      const session = await desk();
      expect((await deskList({ po }, session)).orders.map((o) => o.order_id)).toEqual([other, second, first]);
      expect((await deskList({ po, tenant: 'bypass-motors' }, session)).orders.map((o) => o.order_id)).toEqual([second, first]);
      expect((await deskList({ search: first }, session)).orders.map((o) => o.order_id)).toEqual([first]);
      // Not an order number: the search looks in buyers and Customer POs.
      expect((await deskList({ search: po.toLowerCase() }, session)).orders.map((o) => o.order_id)).toEqual([other, second, first]);
      const onePage = await deskList({ po }, session, { limit: 2 });
      expect(onePage.orders.map((o) => o.order_id)).toEqual([other, second]);
      const nextPage = await deskList({ po }, session, { limit: 2, cursor: onePage.next_cursor });
      expect(nextPage).toMatchObject({ next_cursor: null });
      expect(nextPage.orders.map((o) => o.order_id)).toEqual([first]);
      expect(await world.api.post('/v1/desk-orders', { filter: { tenant: 'nobody' } }, session)).toMatchObject({ status: 400 });

      await world.api.post('/v1/desk-set-status', { changes: [{ order_id: second, status: 'received' }] }, session);
      expect((await deskList({ po, status: 'received' }, session)).orders.map((o) => o.order_id)).toEqual([second]);
      expect((await deskList({ po, status: 'placed' }, session)).orders.map((o) => o.order_id)).toEqual([other, first]);
    });
  });

  describe('status in bulk', () => {
    it('changes exactly the orders named, records them as the supplier and audits who, when, before and after', async () => {
      const [a, b, untouched] = [await placeOrder(), await placeOrder(OTHER_TENANT), await placeOrder()];
      const session = await desk('Sam Supplier');
      const dry = await world.api.post('/v1/desk-set-status', { changes: [{ order_id: a, status: 'in_production' }], dry_run: true }, session);
      expect(dry).toMatchObject({
        status: 200,
        body: { applied: false, changes: [{ order_id: a, before: { status: 'placed' }, after: { status: 'in_production' } }] },
      });
      expect(await statusOf(a)).toBe('placed');

      const done = await world.api.post(
        '/v1/desk-set-status',
        {
          changes: [
            { order_id: a, status: 'in_production' },
            { order_id: b, status: 'received' },
          ],
        },
        session,
      );
      expect(done).toMatchObject({ status: 200, body: { applied: true } });
      expect([await statusOf(a), await statusOf(b), await statusOf(untouched)]).toEqual(['in_production', 'received', 'placed']);
      const listed = (await deskList({ search: a }, session)).orders[0]!;
      expect(listed.status_history).toEqual([expect.objectContaining({ status: 'in_production', by: 'supplier' })]);

      const audit = await world.api.post('/v1/desk-audit', { order_id: a }, session);
      expect(audit.body.entries).toEqual([
        expect.objectContaining({ order_id: a, by: 'Sam Supplier', action: 'status', before: { status: 'placed' }, after: { status: 'in_production' } }),
      ]);
      expect(Date.now() - Date.parse(audit.body.entries[0].at)).toBeLessThan(60_000);
      expect((await world.api.post('/v1/desk-audit', { order_id: untouched }, session)).body.entries).toEqual([]);
    });

    it('refuses them all when one cannot change, naming it, and changes nothing', async () => {
      const [a, b] = [await placeOrder(), await placeOrder()];
      const session = await desk();
      await world.api.post('/v1/desk-set-status', { changes: [{ order_id: b, status: 'cancelled', reason: 'duplicate' }] }, session);
      const refused = await world.api.post(
        '/v1/desk-set-status',
        {
          changes: [
            { order_id: a, status: 'received' },
            { order_id: b, status: 'received' },
          ],
        },
        session,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.problems).toEqual([expect.stringMatching(new RegExp(`^changes\\[1\\]: order ${b} .*cancelled`))]);
      expect(await statusOf(a)).toBe('placed');
      expect((await world.api.post('/v1/desk-audit', { order_id: a }, session)).body.entries).toEqual([]);
      const unknown = await world.api.post('/v1/desk-set-status', { changes: [{ order_id: 'NO-SUCH-ORDER', status: 'received' }] }, session);
      expect(unknown).toMatchObject({ status: 404, body: { problems: ['changes[0]: there is no placed or paid order NO-SUCH-ORDER'] } });
    });
  });

  describe("a carrier's tracking CSV", () => {
    it('answers a dry run first, then ships exactly the rows named, e-mails each buyer and audits the import', async () => {
      const [a, b, untouched] = [await placeOrder(), await placeOrder(), await placeOrder()];
      const session = await desk('Ivy Imports');
      const csv = `Order Number,Tracking Number,Carrier\n${a},1Z999AA10000000001,UPS\n${b},9400100000000000000001,usps\n`;
      const dry = await world.api.post('/v1/desk-import-tracking', { csv, dry_run: true }, session);
      expect(dry).toMatchObject({ status: 200, body: { applied: false } });
      expect(dry.body.rows.map((r: Record<string, any>) => [r.row, r.change.order_id, r.change.after.status])).toEqual([
        [2, a, 'shipped'],
        [3, b, 'shipped'],
      ]);
      expect(await statusOf(a)).toBe('placed');

      const done = await world.api.post('/v1/desk-import-tracking', { csv, dry_run: false }, session);
      expect(done).toMatchObject({ status: 200, body: { applied: true } });
      expect([await statusOf(a), await statusOf(b), await statusOf(untouched)]).toEqual(['shipped', 'shipped', 'placed']);
      const [mail] = await world.smtp.waitForMention('1Z999AA10000000001');
      expect(mail!.text).toContain('Carrier:         UPS');
      await world.smtp.waitForMention('9400100000000000000001');
      const audit = await world.api.post('/v1/desk-audit', { order_id: b }, session);
      expect(audit.body.entries).toEqual([
        expect.objectContaining({
          by: 'Ivy Imports',
          action: 'tracking import',
          before: { status: 'placed' },
          after: { status: 'shipped', carrier: 'USPS', tracking_number: '9400100000000000000001' },
        }),
      ]);
    });

    it('changes nothing when one order number is unknown, and names its row', async () => {
      const [a, b] = [await placeOrder(), await placeOrder()];
      const session = await desk();
      const csv = `order_number,tracking_number\n${a},1Z999AA10000000002\nNOT-AN-ORDER,1Z999AA10000000003\n${b},1Z999AA10000000004\n`;
      for (const dryRun of [true, false]) {
        const refused = await world.api.post('/v1/desk-import-tracking', { csv, carrier: 'UPS', dry_run: dryRun }, session);
        expect(refused).toMatchObject({ status: 400, body: { problems: ['row 3: there is no placed or paid order NOT-AN-ORDER'] } });
        expect(refused.body.message).toContain('row 3');
      }
      expect([await statusOf(a), await statusOf(b)]).toEqual(['placed', 'placed']);
      const noCarrier = await world.api.post('/v1/desk-import-tracking', { csv: `order_number,tracking_number\n${a},1Z9\n`, dry_run: true }, session);
      expect(noCarrier.body.problems).toEqual([
        'row 2: tracking number "1Z9" must be 4 to 40 letters, digits, spaces or dashes',
        'row 2: no carrier; add a carrier column or choose the carrier of the file',
      ]);
    });
  });

  describe('exports', () => {
    it("writes one row per order line whose line totals sum to each order's total, as CSV and .xlsx", async () => {
      const po = `EXP-${randomUUID().slice(0, 8)}`;
      const orders = [await placeOrder(BYPASS_TENANT, po), await placeOrder(OTHER_TENANT, po), await placeOrder(BYPASS_TENANT, po)];
      const session = await desk();
      const listed = (await deskList({ po }, session)).orders;
      const csvAnswer = await world.api.post('/v1/desk-export', { filter: { po }, format: 'csv' }, session);
      expect(csvAnswer).toMatchObject({ status: 200, body: { orders: 3, lines: 5 } });
      const rows = parse(Buffer.from(csvAnswer.body.content_base64, 'base64').toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r['Order number']))).toEqual(new Set(orders));
      const cents = (text: string) => Math.round(Number(text) * 100);
      for (const order of listed) {
        const lines = rows.filter((r) => r['Order number'] === order.order_id);
        expect(lines.reduce((sum, r) => sum + cents(r['Line total']!), 0)).toBe(Math.round(order.total * 100));
        expect(lines[0]).toMatchObject({
          Tenant: order.company_name,
          'Customer PO': po,
          Logos: order.tenant_id === 'bypass-motors' ? 'Shield (Left Chest)' : '',
        });
      }
      expect(Math.round(csvAnswer.body.total * 100)).toBe(listed.reduce((sum, o) => sum + Math.round(o.total * 100), 0));

      const xlsxAnswer = await world.api.post('/v1/desk-export', { filter: { po }, format: 'xlsx' }, session);
      const workbook = new ExcelJS.Workbook();
      const bytes = Buffer.from(xlsxAnswer.body.content_base64, 'base64');
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
      const sheet = workbook.getWorksheet('Orders')!;
      expect(sheet.rowCount).toBe(6);
      let xlsxCents = 0;
      sheet.eachRow((row, index) => {
        if (index > 1) xlsxCents += Math.round(Number(row.getCell(19).value) * 100);
      });
      expect(xlsxCents).toBe(Math.round(csvAnswer.body.total * 100));
    });
  });
}
