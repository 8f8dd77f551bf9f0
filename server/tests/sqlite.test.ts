import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe } from 'vitest';
import { openSqliteDatabase } from '../storage/sqlite-database.ts';
import { authorityContract } from './authority-contract.ts';
import { buyerMailContract } from './buyer-mail-contract.ts';
import { deviceLinkContract } from './device-link-contract.ts';
import { deskContract } from './desk-contract.ts';
import { guessLeaseContract } from './guess-lease-contract.ts';
import { hostileInputContract } from './hostile-input-contract.ts';
import { orderApiContract } from './order-api-contract.ts';
import { orderStatusContract } from './order-status-contract.ts';
import { paymentContract } from './payment-contract.ts';
import { tenantKeysContract } from './tenant-keys-contract.ts';

// Each API the suite starts gets its own new SQLite file (test-api.ts), as `npm run start:api` does by default.
describe('order API on SQLite', () => {
  orderApiContract(async () => undefined);
});

describe('payment verification on SQLite', () => {
  paymentContract(async () => undefined);
});

describe('order API on SQLite: the authority', () => {
  authorityContract(async () => undefined);
});

describe('order API on SQLite: orders keyed by tenant id', () => {
  tenantKeysContract(async () => undefined);
});

describe('order API on SQLite: hostile input', () => {
  hostileInputContract(async () => undefined);
});

describe('order API on SQLite: order status with tracking', () => {
  orderStatusContract(async () => undefined);
});

describe('guess limits on SQLite: a new browser during a flood, by an e-mailed device link', () => {
  deviceLinkContract(async () => undefined);
});

describe('order API on SQLite: confirmations to buyers', () => {
  buyerMailContract(async () => undefined);
});

describe("order API on SQLite: the supplier's order desk", () => {
  deskContract(async () => undefined);
});

describe('guess limits on SQLite: attempts of requests that died', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'guess-lease-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  guessLeaseContract(async () => openSqliteDatabase(path.join(folder, 'orders.sqlite')));
});
