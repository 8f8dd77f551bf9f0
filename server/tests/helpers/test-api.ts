import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startOrderApi, type OrderApi } from '../../start-order-api.ts';
import type { FakePayPal } from './fake-paypal.ts';
import { assertKeepsContract, contractCheckOf } from './openapi-check.ts';
import type { SmtpSink } from './smtp-sink.ts';
import { withSession } from '../../../tests/helpers/session-builders.ts';

export const STOREFRONT_ORIGIN = 'http://localhost:5173';
/** Known to the tests, so they can forge an expired token signed with it. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

export interface TestApi {
  url: string;
  api: OrderApi;
  /** Every JSON log line the API wrote. */
  logs: Record<string, unknown>[];
  /** Where the e-mails go as .eml files when no SMTP sink is given (MAIL_DIR). */
  mailDir: string;
  post(call: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** GET `path` (`/healthz`, `/v1/openapi.json`, or a call, to see it refuse the method). */
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  /** `Authorization: Bearer …` of a new session for the tenant (POST /v1/session). */
  signIn(companyName: string, password: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

export interface TestApiOptions {
  dataRoot: string;
  /** DATABASE_URL, or undefined for a new SQLite file. */
  databaseUrl?: string;
  paypal?: FakePayPal;
  smtp?: SmtpSink;
  env?: Record<string, string>;
}

/** The real order API, in this process, on a free loopback port, configured through the same environment variables as in production. */
export async function startTestApi(options: TestApiOptions): Promise<TestApi> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'order-api-test-'));
  const mailDir = path.join(scratch, 'mail');
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_ROOT: options.dataRoot,
    MAIL_DIR: mailDir,
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_RETRY_MAX_MS: '200',
    RATE_LIMIT_MAX_FAILURES: '3',
    // Every test call comes from its own made-up address, all guessing at a few tenants; the test of the per-tenant brake lowers it.
    TENANT_GUESS_LIMIT: '100000',
    // Tests send thousands of requests from few addresses; the one that tests the budget lowers it.
    REQUEST_LIMIT: '1000000',
    SESSION_SECRET: TEST_SESSION_SECRET,
    TRUST_PROXY: '1',
    CORS_ORIGINS: STOREFRONT_ORIGIN,
    PENDING_CAPTURE_POLL_MS: '3600000',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { SQLITE_PATH: path.join(scratch, 'orders.sqlite') }),
    ...(options.paypal
      ? { PAYPAL_CLIENT_ID: options.paypal.clientId, PAYPAL_CLIENT_SECRET: options.paypal.clientSecret, PAYPAL_API_BASE: options.paypal.url }
      : {}),
    ...(options.smtp ? { SMTP_URL: options.smtp.url } : {}),
    ...options.env,
  };
  const logs: Record<string, unknown>[] = [];
  const log = createLogger('debug', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const api = await startOrderApi(readConfig(env), log);
  return {
    url: api.url,
    api,
    logs,
    mailDir: options.env?.MAIL_DIR ?? mailDir,
    post: (call, body, headers) => postJson(api.url, call, body, headers),
    get: (target, headers) => getJson(api.url, target, headers),
    signIn: (companyName, password) => signIn(api.url, companyName, password),
    close: async () => {
      await api.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * POSTs JSON the way the storefront does. Each call comes from its own made-up client
 * address (X-Forwarded-For, trusted in tests) unless one is given, so the rate limits of
 * one test never spill into another. The answer must keep the OpenAPI document the API
 * serves (openapi-check.ts), or the call throws.
 */
export async function postJson(url: string, call: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return checkedRequest(url, 'POST', call, {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': madeUpClient(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** GETs `target` from the API, its answer checked against the OpenAPI document as postJson's is. */
export async function getJson(url: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return checkedRequest(url, 'GET', target, { headers: { 'x-forwarded-for': madeUpClient(), ...headers } });
}

function madeUpClient(): string {
  return `198.51.100.${randomInt(1, 255)}, 10.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

async function checkedRequest(url: string, method: string, target: string, init: { headers: Record<string, string>; body?: string }): Promise<Answer> {
  // The document first: an API that stops while the request is in flight has served it already.
  const contract = await contractCheckOf(url);
  const response = await fetch(`${url}${target}`, { method, ...init });
  const text = await response.text();
  const answer = { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {}, headers: response.headers };
  assertKeepsContract(contract, method, new URL(target, url).pathname, answer);
  return answer;
}

export async function signIn(url: string, companyName: string, password: string): Promise<Record<string, string>> {
  const answer = await postJson(url, '/v1/session', { companyName, password });
  if (answer.status !== 200) throw new Error(`could not sign in to ${companyName}: ${answer.status} ${answer.body.message}`);
  return withSession(answer.body.token as string);
}
