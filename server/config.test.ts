import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/core/project-root.ts';
import { ConfigError, DEFAULT_CORS_ORIGINS, readConfig } from './config.ts';
import { ORDER_API_VARIABLES } from './env/order-api-variables.ts';
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
    const config = readConfig({
      DATABASE_URL: 'postgres://api:secret@db.internal/orders',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_ENV: 'live',
    });
    expect(config.storage).toMatchObject({ kind: 'postgres', url: 'postgres://api:secret@db.internal/orders' });
    expect(config.paypal).toMatchObject({ clientId: 'id', baseUrl: PAYPAL_BASE_URLS.live });
    expect(readConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_API_BASE: 'http://127.0.0.1:9999' }).paypal?.baseUrl).toBe(
      'http://127.0.0.1:9999',
    );
    expect(readConfig({ CORS_ORIGINS: 'https://shop.example.com, https://b.example' }).corsOrigins).toEqual(['https://shop.example.com', 'https://b.example']);
  });

  it('names every bad variable at once, says what it must be, and prints no password or secret', () => {
    const message = problemsOf({
      PORT: 'eighty',
      REQUEST_LIMIT: 'ten',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      CORS_ORIGINS: 'https://ok.example, https://shop.example.com/',
      PAYPAL_CLIENT_ID: 'only-id',
      PAYPAL_ENV: 'prod',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      ORDER_RETENTION_DAYS: '0',
      MAIL_RETENTION_DAYS: 'a month',
      MAX_CART_LINES: '2.5',
      SMTP_URL: 'http://mail:pw@example.com',
      SESSION_SECRET: 'short-but-secret',
    });
    expect(message.split('\n').slice(1)).toEqual([
      '  PORT must be a whole number from 0 to 65535, got "eighty"',
      '  CORS_ORIGINS must be origins separated by commas, each scheme://host[:port] with no path or trailing slash (e.g. https://shop.example.com), got "https://shop.example.com/"',
      '  DATABASE_URL must be an address starting postgres:// or postgresql://, got "mysql://root:***@db/x"',
      '  PAYPAL_ENV must be sandbox or live, got "prod"',
      '  SMTP_URL must be an address starting smtp:// or smtps:// (e.g. smtp://user:pass@host:587), got "http://mail:***@example.com/"',
      '  ORDER_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "0"',
      '  MAIL_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "a month"',
      '  REQUEST_LIMIT must be a whole number of requests from 1 to 1000000, got "ten"',
      '  MAX_CART_LINES must be a whole number of lines from 1 to 500, got "2.5"',
      '  SESSION_SECRET must be at least 32 characters (for example `openssl rand -hex 32`), got 16 characters',
      '  TRUST_PROXY must be 1 or 0 (true or false), got "maybe"',
      '  LOG_LEVEL must be debug, info, warn or error, got "loud"',
      '  PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    ]);
    expect(message).not.toMatch(/hunter2|pw@|short-but-secret/);
  });

  it('reads flags as 1/0, true/false or yes/no, numbers from their text, and a blank value as unset', () => {
    expect(readConfig({ TRUST_PROXY: 'YES' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const config = readConfig({ PORT: ' 9000 ', RATE_LIMIT_WINDOW_SECONDS: '60', HOST: '   ', SQLITE_PATH: '' });
    expect(config).toMatchObject({ port: 9000, host: '127.0.0.1', rateLimit: { windowMs: 60_000 } });
    expect(config.storage).toEqual({ kind: 'sqlite', file: path.join(path.resolve(REPO_ROOT), '.cache/order-api/orders.sqlite') });
    expect(readConfig({ SQLITE_PATH: 'here/orders.sqlite' }).storage).toMatchObject({ file: path.resolve('here/orders.sqlite') });
  });

  it('reads exactly the variables declared in server/env/order-api-variables.ts', () => {
    const read = new Set<string>();
    const watched = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, key) => (typeof key === 'string' && read.add(key), undefined),
      has: (_target, key) => (typeof key === 'string' && read.add(key), false),
    });
    readConfig(watched);
    expect([...read].sort()).toEqual(Object.keys(ORDER_API_VARIABLES).sort());
  });
});

function problemsOf(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readConfig accepted a wrong configuration');
}
