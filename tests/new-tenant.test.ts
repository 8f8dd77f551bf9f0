import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawPlaceholderLogo } from '../scripts/sample-images/placeholder-logo.ts';
import { runNewTenant } from '../src/core/cli/new-tenant-command.ts';
import { fixtureProject } from './helpers/fixture-project.ts';
import { errorLines, runScript, treeDigest } from './helpers/run-cli.ts';

const FLAGS = [
  '--title',
  'Smith Auto Store',
  '--company-name',
  'Smith Auto Group',
  '--catalog',
  'default',
  '--server-hostname',
  'https://orders.smith-auto.example',
];
/** The order API address the base fixture's tenants share (tenants/guardian.yaml). */
const SHARED_API = 'https://orders.keystonepromo.example.com';

/** `npm run new-tenant`'s arguments for one new tenant, Lake Motors on the default catalog, in `root`. */
const LAKE_MOTORS = (root: string) => ['lake-motors', '--root', root, '--title', 'Lake Motors Store', '--company-name', 'Lake Motors', '--catalog', 'default'];

describe('npm run new-tenant with flags', () => {
  it('writes a commented tenant file and a logo that validate and build', async () => {
    const root = fixtureProject();
    const created = runScript('new-tenant', ['smith-auto', '--root', root, ...FLAGS]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Wrote tenants/smith-auto.yaml and tenants/logos/smith-auto.png');
    for (const step of ['npm run validate', 'npm run dev', 'npm run build -- --tenant smith-auto']) expect(created.stdout).toContain(step);

    const text = readFileSync(path.join(root, 'tenants/smith-auto.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/tenant.schema.json');
    for (const field of [
      'title: Smith Auto Store',
      'company_name: Smith Auto Group',
      'route_prefix: smith-auto',
      'server_hostname: https://orders.smith-auto.example',
      'catalog: default',
      'company_logo: smith-auto.png',
    ]) {
      expect(text).toMatch(new RegExp(`^${field.replace(/[.]/g, '\\.')}(?: |$)`, 'm'));
    }
    // Secrets stay commented out: a placeholder would be committed as a live, guessable one.
    for (const secret of ['password', 'admin_password', 'bypass_codes']) {
      expect(text).toMatch(new RegExp(`^# ${secret}:`, 'm'));
      expect(text).not.toMatch(new RegExp(`^${secret}:`, 'm'));
    }
    const logo = await sharp(path.join(root, 'tenants/logos/smith-auto.png')).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(['png', 600, 200]);

    const validated = runScript('validate', ['--root', root]);
    expect(errorLines(validated.stderr)).toEqual([]);
    expect(validated.stdout).toMatch(/^Valid: 3 tenants/);
    expect(validated.status).toBe(0);

    const built = runScript('build', ['--root', root, '--tenant', 'smith-auto']);
    expect(built.status, built.stderr).toBe(0);
    for (const page of ['index.html', 'catalog/mens/index.html', 'checkout/index.html', 'orders/index.html']) {
      expect(existsSync(path.join(root, 'dist/smith-auto', page)), page).toBe(true);
    }
    expect(readFileSync(path.join(root, 'dist/smith-auto/index.html'), 'utf8')).toContain('Smith Auto Store');
  });

  it('takes an empty route prefix, served at the host root', () => {
    const root = fixtureProject();
    const created = runScript('new-tenant', [...LAKE_MOTORS(root), '--route-prefix', '']);
    expect(created.status, created.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'tenants/lake-motors.yaml'), 'utf8')).toMatch(/^route_prefix: "" /m);
    expect(runScript('validate', ['--root', root]).status).toBe(0);
  });

  it('without --server-hostname takes the order API the other tenants use, and says so', () => {
    const root = fixtureProject();
    const created = runScript('new-tenant', LAKE_MOTORS(root));
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Order API address: ${SHARED_API} (the one the other tenants use; --server-hostname for another).`);
    expect(readFileSync(path.join(root, 'tenants/lake-motors.yaml'), 'utf8')).toMatch(
      new RegExp(`^server_hostname: ${SHARED_API.replace(/[.]/g, '\\.')}$`, 'm'),
    );
  });
});

describe.concurrent('npm run new-tenant refuses, and writes nothing', () => {
  const refusals: [string, string[], RegExp[]][] = [
    ['a taken id', ['guardian', ...FLAGS], [/^tenant id "guardian": taken: tenants\/guardian.yaml already exists/m]],
    ['an id that is not kebab-case', ['Smith_Auto', ...FLAGS], [/^tenant id "Smith_Auto": must be lowercase letters and digits/m]],
    [
      'a duplicate company name',
      ['smith-auto', ...FLAGS, '--company-name', 'Guardian Automotive Group'],
      [/^--company-name "Guardian Automotive Group": company name "Guardian Automotive Group" is already used by tenants\/guardian.yaml/m],
    ],
    [
      'a duplicate route prefix',
      ['smith-auto', ...FLAGS, '--route-prefix', 'guardian'],
      [/^--route-prefix "guardian": route prefix "guardian" is already used by tenants\/guardian.yaml/m],
    ],
    [
      'an uppercase route prefix',
      ['smith-auto', ...FLAGS, '--route-prefix', 'Smith'],
      [/^--route-prefix "Smith": must be lowercase letters, digits and dashes/m],
    ],
    [
      'an unknown catalog',
      ['smith-auto', ...FLAGS, '--catalog', 'defualt'],
      [/^--catalog "defualt": no catalog "defualt": catalogs\/defualt.yaml does not exist \(did you mean "default"\?\)/m],
    ],
    ['an empty title', ['smith-auto', ...FLAGS, '--title', ''], [/^--title "": must not be empty/m]],
    ['a missing flag (no terminal to ask)', ['smith-auto', '--title', 'Smith Auto Store', '--company-name', 'Smith Auto Group'], [/^missing --catalog\b/m]],
    [
      'the example order API address',
      ['smith-auto', ...FLAGS, '--server-hostname', 'https://orders.example.com'],
      [/^--server-hostname "https:\/\/orders.example.com": "https:\/\/orders.example.com" is the example address, not an order API/m],
    ],
    [
      'an order API on plain http away from localhost',
      ['smith-auto', ...FLAGS, '--server-hostname', 'http://orders.smith-auto.example'],
      [/^--server-hostname "http:\/\/orders.smith-auto.example": .*is plain http: a storefront served over https cannot call it/m],
    ],
    [
      'an order API address that is no address',
      ['smith-auto', ...FLAGS, '--server-hostname', 'orders.smith-auto.example'],
      [/^--server-hostname "orders.smith-auto.example": must be an http:\/\/ or https:\/\/ address/m],
    ],
    [
      'several problems at once',
      ['smith-auto', '--company-name', 'Solo Motors', '--catalog', 'nope'],
      [/^missing --title\b/m, /^--company-name "Solo Motors": .*already used by tenants\/solo.yaml/m, /^--catalog "nope": no catalog "nope"/m],
    ],
  ];

  it.each(refusals)('%s', (_name, args, messages) => {
    const root = fixtureProject();
    const before = treeDigest(root);
    const result = runScript('new-tenant', [...args, '--root', root]);
    for (const message of messages) expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/Nothing written\.$/m);
    expect(result.status).toBe(1);
    expect(treeDigest(root)).toBe(before);
  });

  it('an existing logo of that name, which it would overwrite', () => {
    const root = fixtureProject();
    writeFileSync(path.join(root, 'tenants/logos/smith-auto.png'), 'the real logo, put there first');
    const before = treeDigest(root);
    const result = runScript('new-tenant', ['smith-auto', '--root', root, ...FLAGS]);
    expect(result.stderr).toMatch(/^tenant id "smith-auto": tenants\/logos\/smith-auto.png already exists and would be overwritten/m);
    expect(result.status).toBe(1);
    expect(treeDigest(root)).toBe(before);
  });
});

describe('the example order API address https://orders.example.com', () => {
  it('earns a validator warning; npm run build refuses it unless --allow-placeholder-api', () => {
    const root = fixtureProject();
    const solo = path.join(root, 'tenants/solo.yaml');
    writeFileSync(solo, readFileSync(solo, 'utf8').replace(/^server_hostname: .*$/m, 'server_hostname: https://orders.example.com'));

    const validated = runScript('validate', ['--root', root]);
    expect(validated.status).toBe(0);
    expect(validated.stderr).toContain(
      'tenants/solo.yaml:5:18  server_hostname  warning: "https://orders.example.com" is the example address, not an order API: the storefront would show its pages and place no order; write your order API\'s address (npm run build refuses the example)',
    );

    const refused = runScript('build', ['--root', root, '--tenant', 'solo', '--no-precompress']);
    expect(refused.stderr).toContain(
      'Build failed: tenants/solo.yaml: server_hostname is the example address https://orders.example.com, where no order API answers',
    );
    expect(refused.status).toBe(1);
    expect(existsSync(path.join(root, 'dist/solo'))).toBe(false);

    const allowed = runScript('build', ['--root', root, '--tenant', 'solo', '--no-precompress', '--allow-placeholder-api']);
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(existsSync(path.join(root, 'dist/solo/index.html'))).toBe(true);
  });
});

describe('npm run new-tenant in a terminal', () => {
  it('asks for what the flags leave out, and asks again after an answer the validator refuses', async () => {
    const root = fixtureProject();
    const input = new PassThrough();
    const output = terminal();
    const errors = terminal();

    const run = runNewTenant(['lake-motors', '--root', root], { input, output, errors, interactive: true, drawLogo: drawPlaceholderLogo });
    // Each answer is typed once its question, or the refusal of the answer before, is on screen.
    // A company name guardian has, then a free one; Enter keeps the route prefix (the id); an
    // unknown catalog, then the real one; the example order API address, then Enter for the
    // address the other tenants use.
    await type(input, output, [
      ['Title (browser tab and header', 'Lake Motors Store'],
      ['Company name (the order API finds the group by it', 'Guardian Automotive Group'],
      ['> company name "Guardian Automotive Group" is already used by tenants/guardian.yaml', 'Lake Motors'],
      ["Route prefix (served under /<prefix>/; '' for the host root) (lake-motors)", ''],
      ['Catalog (one of: default) (default)', 'nope'],
      ['> no catalog "nope": catalogs/nope.yaml does not exist', 'default'],
      [`Order API address (https://…; the storefront places its orders there) (${SHARED_API})`, 'https://orders.example.com'],
      ['> "https://orders.example.com" is the example address, not an order API', ''],
    ]);
    const code = await run;

    expect(errors.text()).toBe('');
    expect(code).toBe(0);
    expect(output.text()).toContain('Wrote tenants/lake-motors.yaml and tenants/logos/lake-motors.png');
    const text = readFileSync(path.join(root, 'tenants/lake-motors.yaml'), 'utf8');
    expect(text).toMatch(/^title: Lake Motors Store$/m);
    expect(text).toMatch(/^company_name: Lake Motors$/m);
    expect(text).toMatch(/^route_prefix: lake-motors /m);
    expect(text).toMatch(/^catalog: default /m);
    expect(text).toMatch(new RegExp(`^server_hostname: ${SHARED_API.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(existsSync(path.join(root, 'tenants/logos/lake-motors.png'))).toBe(true);
  });

  it('names a refused flag, then asks for that answer', async () => {
    const root = fixtureProject();
    const input = new PassThrough();
    const output = terminal();
    const errors = terminal();

    const run = runNewTenant(['lake-motors', '--root', root, ...FLAGS, '--catalog', 'nope'], {
      input,
      output,
      errors,
      interactive: true,
      drawLogo: drawPlaceholderLogo,
    });
    await type(input, output, [
      ["Route prefix (served under /<prefix>/; '' for the host root) (lake-motors)", "''"],
      ['Catalog (one of: default) (default)', 'default'],
    ]);

    expect(await run).toBe(0);
    expect(errors.text()).toMatch(/^--catalog "nope": no catalog "nope"/m);
    expect(readFileSync(path.join(root, 'tenants/lake-motors.yaml'), 'utf8')).toMatch(/^route_prefix: "" /m);
  });

  it('writes nothing when the input ends before every answer is given', async () => {
    const root = fixtureProject();
    const before = treeDigest(root);
    const input = new PassThrough();
    const output = terminal();
    const errors = terminal();

    const run = runNewTenant(['lake-motors', '--root', root], { input, output, errors, interactive: true, drawLogo: drawPlaceholderLogo });
    const typed = await type(input, output, [['Title (browser tab and header', 'Lake Motors Store']]);
    await seen(output, 'Company name', typed);
    input.end();

    expect(await run).toBe(1);
    expect(errors.text()).toContain('Stopped before every answer was given. Nothing written.');
    expect(treeDigest(root)).toBe(before);
  });
});

/**
 * Types each answer (and Enter) once its cue has appeared on screen since the answer before;
 * returns where the screen ended at the last answer.
 */
async function type(input: PassThrough, screen: ReturnType<typeof terminal>, steps: [cue: string, answer: string][]): Promise<number> {
  let from = 0;
  for (const [cue, answer] of steps) {
    from = await seen(screen, cue, from);
    input.write(`${answer}\n`);
  }
  return from;
}

/** Waits until `cue` is on screen after position `from` (escape codes left out); returns where the screen ends. */
async function seen(screen: ReturnType<typeof terminal>, cue: string, from: number): Promise<number> {
  for (const started = Date.now(); ; ) {
    const shown = stripVTControlCharacters(screen.text());
    if (shown.indexOf(cue, from) >= 0) return shown.length;
    if (Date.now() - started > 20_000) throw new Error(`never shown: ${JSON.stringify(cue)}; the screen after the last answer:\n${shown.slice(from)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A terminal 200 columns wide that keeps what is written to it. */
function terminal(): Writable & { columns: number; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return Object.assign(stream, { columns: 200, text: () => Buffer.concat(chunks).toString('utf8') });
}
