import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/project-root.ts';
import { writeOrderFixture } from './helpers/order-fixture.ts';
import { assertKeepsContract, contractCheckOf, OPENAPI_PATH } from './helpers/openapi-check.ts';
import { STOREFRONT_ORIGIN, startTestApi, type TestApi } from './helpers/test-api.ts';

const run = promisify(execFile);

/** `npx redocly lint` on a document, with the repository's redocly.yaml: its exit code and what it printed. */
async function lint(document: unknown, scratch: string): Promise<{ code: number; output: string }> {
  const file = path.join(scratch, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const args = ['lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'stylish'];
  // No telemetry or update check: the test must not depend on the network.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  try {
    const { stdout, stderr } = await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'redocly'), args, { cwd: scratch, env, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the published contract (GET /v1/openapi.json)', () => {
  let api: TestApi;
  let fixture: string;
  let scratch: string;
  let document: Record<string, any>;

  beforeAll(async () => {
    fixture = writeOrderFixture();
    scratch = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    api = await startTestApi({ dataRoot: fixture });
    const served = await api.get(OPENAPI_PATH);
    expect(served.status).toBe(200);
    document = served.body;
  });

  afterAll(async () => {
    await api?.close();
    rmSync(fixture, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('describes every call with its body, answers and headers', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([where, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${where}`),
    );
    expect(operations.filter((operation) => !/^(OPTIONS|HEAD) /.test(operation)).sort()).toEqual(
      [
        'POST /v1/create-order',
        'POST /v1/capture-order',
        'POST /v1/retrieve-orders',
        'POST /v1/update-historical-order',
        'POST /v1/set-order-status',
        'POST /v1/view-order',
        'POST /v1/session',
        'POST /v1/device-link',
        'POST /v1/redeem-device-link',
        'POST /v1/desk-session',
        'POST /v1/desk-orders',
        'POST /v1/desk-set-status',
        'POST /v1/desk-import-tracking',
        'POST /v1/desk-export',
        'POST /v1/desk-audit',
        'POST /v1/github-sign-in',
        'POST /v1/github-token',
        'GET /healthz',
        'GET /readyz',
        'GET /v1/openapi.json',
      ].sort(),
    );
    // What the API answers besides each path's own method: the preflight on every path, HEAD beside every GET.
    for (const [where, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      expect(Object.keys(item.options.responses), where).toEqual(['204', '403', '408']);
      expect(item.options.responses['204'].content, where).toBeUndefined();
      if (item.get) expect(Object.keys(item.head.responses), where).toEqual(Object.keys(item.get.responses));
      const own = item.get ?? item.post;
      expect(own.responses['405'].headers, where).toHaveProperty('Allow');
      // Node's own 408 has no body and no X-Request-Id.
      expect(own.responses['408'], where).toEqual({ description: expect.stringMatching(/empty body/) });
    }
    const createOrder = document.paths['/v1/create-order'].post;
    expect(createOrder.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      expect.objectContaining({ name: 'Device-Proof', in: 'header' }),
    ]);
    expect(createOrder.responses['200'].headers).toHaveProperty('Device-Proof');
    // The newcomer's link: one answer for every address, and a proof (no session) for its token.
    expect(Object.keys(document.paths['/v1/device-link'].post.responses)).not.toContain('404');
    expect(document.paths['/v1/redeem-device-link'].post.responses['200'].headers).toHaveProperty('Device-Proof');
    expect(document.paths['/v1/session'].post.responses['503'].headers).toHaveProperty('Retry-After');
    expect(createOrder.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateOrderBody' });
    expect(createOrder.responses['429'].headers).toHaveProperty('Retry-After');
    expect(document.paths['/v1/retrieve-orders'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/v1/retrieve-orders'].post.responses['401'].headers).toHaveProperty('WWW-Authenticate');
    // The buyer's order link needs no session: its key is in the body.
    expect(document.paths['/v1/view-order'].post.security).toEqual([]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The order line's fields, as retrieve-orders answers them and update-historical-order takes them back.
    const line = document.components.schemas.RetrieveOrdersAnswer.properties.orders.items.properties.order.items;
    const sentBack = document.components.schemas.UpdateHistoricalOrderBody.properties.cart.items;
    expect(Object.keys(sentBack.properties)).toEqual(Object.keys(line.properties));
    expect(sentBack.required).toEqual(['code']);
  });

  it('lists what the API answers to HEAD, a preflight and a method a path does not take', async () => {
    const contract = await contractCheckOf(api.url);
    const ask = async (method: string, where: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${api.url}${where}`, { method, headers });
      const text = await response.text();
      const answer = { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
      assertKeepsContract(contract, method, where, answer);
      return { ...answer, text };
    };
    const head = await ask('HEAD', '/healthz');
    expect(head).toMatchObject({ status: 200, text: '' });
    const preflight = { origin: STOREFRONT_ORIGIN, 'access-control-request-method': 'POST' };
    expect(await ask('OPTIONS', '/v1/create-order', preflight)).toMatchObject({ status: 204, text: '' });
    expect((await ask('OPTIONS', '/readyz', { ...preflight, origin: 'https://elsewhere.example' })).status).toBe(403);
    const wrongMethod = await ask('GET', '/v1/session');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await ask('HEAD', '/v1/view-order')).status).toBe(405);
    expect((await ask('POST', '/readyz')).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('passes the OpenAPI linter (redocly, recommended-strict)', async () => {
    const { code, output } = await lint(document, scratch);
    expect(code, `redocly lint found problems in ${OPENAPI_PATH}:\n${output}`).toBe(0);
  });

  it('would fail the linter with an operation it cannot name or an answer without a description', async () => {
    const broken = structuredClone(document);
    delete broken.paths['/healthz'].get.operationId;
    delete broken.paths['/v1/session'].post.responses['200'].description;
    const { code, output } = await lint(broken, scratch);
    expect(code).not.toBe(0);
    expect(output).toMatch(/operation-operationId/);
    expect(output).toMatch(/description/);
  });
});
