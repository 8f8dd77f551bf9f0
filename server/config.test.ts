import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/core/project-root.ts';
import { ConfigError, DEFAULT_CORS_ORIGINS, readConfig } from './config.ts';
import { PAYPAL_BASE_URLS } from './paypal/paypal-client.ts';

describe('readConfig', () => {
  it('runs on the sample data with SQLite, eml files and no PayPal when nothing is set', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8787, dataRoot: path.resolve(REPO_ROOT), corsOrigins: DEFAULT_CORS_ORIGINS, paypal: undefined });
    expect(config.storage).toEqual({ kind: 'sqlite', file: path.join(path.resolve(REPO_ROOT), '.cache/order-api/orders.sqlite') });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.retention).toEqual({ orderDays: 730, mailDays: 30 });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and PayPal when both credentials are', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://api:secret@db.internal/orders', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' });
    expect(config.storage).toMatchObject({ kind: 'postgres', url: 'postgres://api:secret@db.internal/orders' });
    expect(config.paypal).toMatchObject({ clientId: 'id', baseUrl: PAYPAL_BASE_URLS.live });
    expect(readConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_API_BASE: 'http://127.0.0.1:9999' }).paypal?.baseUrl).toBe('http://127.0.0.1:9999');
    expect(readConfig({ CORS_ORIGINS: 'https://shop.example.com, https://b.example' }).corsOrigins).toEqual(['https://shop.example.com', 'https://b.example']);
  });

  it('names every bad variable at once, without printing passwords', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://root:hunter2@db/x', CORS_ORIGINS: 'https://shop.example.com/', PAYPAL_CLIENT_ID: 'only-id', PAYPAL_ENV: 'prod', TRUST_PROXY: 'maybe', LOG_LEVEL: 'loud', ORDER_RETENTION_DAYS: '0', MAIL_RETENTION_DAYS: 'a month' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'CORS_ORIGINS', 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET', 'PAYPAL_ENV', 'TRUST_PROXY', 'LOG_LEVEL', 'ORDER_RETENTION_DAYS must be a whole number from 1', 'MAIL_RETENTION_DAYS']) expect(message).toContain(name);
    expect(message).not.toContain('hunter2');
  });

  it('reads only variables that the README documents', () => {
    const read = new Set<string>();
    const watched = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, key) => (typeof key === 'string' && read.add(key), undefined),
      has: (_target, key) => (typeof key === 'string' && read.add(key), false),
    });
    readConfig(watched);
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)? \|/gm)].flatMap(([, a, b]) => [a, b]).filter(Boolean));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });
});
