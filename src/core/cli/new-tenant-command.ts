import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import { formatDiagnostic, type Diagnostic } from '../data/diagnostic.ts';
import { listFiles } from '../data/list-files.ts';
import { loadProject } from '../data/load-project.ts';
import { tenantFilesLeniently } from '../data/tenant-files-leniently.ts';
import { orderApiAddressProblem } from '../data/order-api-address.ts';
import { projectRoot } from '../project-root.ts';

/** The required fields of a tenant file, in the order they are asked for and written. */
type Field = 'title' | 'company_name' | 'route_prefix' | 'server_hostname' | 'catalog';
type Answers = Partial<Record<Field, string>>;

export interface NewTenantIo {
  input: Readable;
  output: Writable;
  errors: Writable;
  /** Ask for what the flags leave out; otherwise a missing flag is an error. */
  interactive: boolean;
  /**
   * Draws the placeholder company logo (a PNG) from the title. Passed in by the entry point:
   * the drawing lives with the sample-image script, which core must not import.
   */
  drawLogo: (title: string) => Promise<Buffer>;
}

const USAGE =
  'Usage: npm run new-tenant -- <tenant-id> [--title TEXT] [--company-name TEXT] [--route-prefix PREFIX] [--catalog ID] ' +
  '[--server-hostname URL] [--root DIR]';

/** Strict kebab-case: the id is a file name, an output folder and the default route prefix. */
const TENANT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** What the loader accepts as a file id; other files are not catalogs it would load. */
const FILE_ID = /^[a-z0-9][a-z0-9-]*$/;

interface Question {
  field: Field;
  flag: string;
  /** How the answer is named in messages and prompts. */
  label: string;
  prompt: string;
}

/**
 * `npm run new-tenant -- <id> [--title …] [--company-name …] [--route-prefix …] [--catalog …]`:
 * writes a commented tenants/<id>.yaml and a placeholder tenants/logos/<id>.png, after checking
 * every answer with the same JSON Schema and cross-file checks `npm run validate` runs.
 */
export async function runNewTenant(argv: string[], io: NewTenantIo): Promise<number> {
  const say = (text: string) => io.output.write(`${text}\n`);
  const complain = (text: string) => io.errors.write(`${text}\n`);

  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        'company-name': { type: 'string' },
        'route-prefix': { type: 'string' },
        catalog: { type: 'string' },
        'server-hostname': { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    complain(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    say(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    complain(`one tenant id at a time, got ${positionals.map((p) => `"${p}"`).join(' ')}\n${USAGE}`);
    return 1;
  }

  const root = projectRoot(values.root);
  const catalogIds = catalogIdsOf(root);
  const hostname = sharedServerHostname(root);
  const prompter = io.interactive ? createPrompter(io.input, io.output) : undefined;
  const problems: string[] = [];
  let scratch: Scratch | undefined;

  try {
    // The id comes first: the route prefix defaults to it and the checks need the file name.
    const id = await settle({
      given: positionals[0],
      where: 'tenant id',
      prompt: 'Tenant id (lowercase words joined by dashes, e.g. smith-auto; the file name and output folder): ',
      check: (value) => idProblem(root, value),
      prompter,
      problems,
      missing: `missing the tenant id: ${USAGE}`,
      say: complain,
    });
    if (id === ABORTED) return aborted(complain);
    // Without a valid id there is no file to check the other answers in; the id's problem is reported.
    scratch = id === undefined ? undefined : createScratch(root, id);
    const inScratch = scratch;

    const questions: Question[] = [
      { field: 'title', flag: '--title', label: 'title', prompt: 'Title (browser tab and header, e.g. Smith Auto Store): ' },
      { field: 'company_name', flag: '--company-name', label: 'company name', prompt: 'Company name (the order API finds the group by it, e.g. Smith Auto Group): ' },
      {
        field: 'route_prefix',
        flag: '--route-prefix',
        label: 'route prefix',
        prompt: `Route prefix (served under /<prefix>/; '' for the host root) [${id ?? ''}]: `,
      },
      {
        field: 'catalog',
        flag: '--catalog',
        label: 'catalog',
        prompt: `Catalog (${catalogIds.join(', ') || 'none in catalogs/'})${catalogIds.length === 1 ? ` [${catalogIds[0]}]` : ''}: `,
      },
      {
        field: 'server_hostname',
        flag: '--server-hostname',
        label: 'order API address',
        prompt: `Order API address (https://…; the storefront places its orders there)${hostname === undefined ? '' : ` [${hostname}]`}: `,
      },
    ];
    const defaults: Answers = {
      route_prefix: id,
      catalog: catalogIds.length === 1 ? catalogIds[0] : undefined,
      server_hostname: hostname,
    };
    const flagValues: Answers = {
      title: values.title,
      company_name: values['company-name'],
      route_prefix: values['route-prefix'],
      catalog: values.catalog,
      server_hostname: values['server-hostname'],
    };

    const answers: Answers = {};
    for (const question of questions) {
      const fallback = defaults[question.field];
      // Left out without a terminal, the route prefix is the id and the order API address the one
      // the other tenants use (there is normally one order API; the output says which); a
      // terminal asks for both, Enter keeping that default. The catalog is asked for or
      // required: a lone catalog is offered, not assumed.
      const quiet = !prompter && (question.field === 'route_prefix' || question.field === 'server_hostname');
      const given = flagValues[question.field] ?? (quiet ? fallback : undefined);
      // Its default is the id, whose own problem is already reported; "missing --route-prefix" would mislead.
      if (given === undefined && fallback === undefined && question.field === 'route_prefix' && !prompter) continue;
      const value = await settle({
        given,
        where: question.flag,
        prompt: question.prompt,
        fallback,
        check: (answer) =>
          inScratch === undefined || id === undefined ? undefined : fieldProblem(inScratch, id, { ...answers, [question.field]: answer }, question.field, catalogIds),
        prompter,
        problems,
        missing: `missing ${question.flag} (the ${question.label}); give it, or run in a terminal to be asked`,
        say: complain,
      });
      if (value === ABORTED) return aborted(complain);
      if (value !== undefined) answers[question.field] = value;
    }

    if (problems.length > 0 || id === undefined || inScratch === undefined) {
      for (const problem of problems) complain(problem);
      complain('Nothing written.');
      return 1;
    }

    const file = `tenants/${id}.yaml`;
    const text = tenantFileText(id, answers);
    const logo = await io.drawLogo(answers.title ?? id);
    // The file and logo as they will be written, through the validator: what passes here passes `npm run validate`.
    const final = inScratch.check(text, logo);
    const errors = final.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      for (const error of errors) complain(formatDiagnostic(error));
      complain('Nothing written.');
      return 1;
    }

    const written = writeNewFiles(root, [
      { file, bytes: text },
      { file: `tenants/logos/${id}.png`, bytes: logo },
    ]);
    if (written !== undefined) {
      complain(written);
      return 1;
    }

    if (!prompter && values['server-hostname'] === undefined) say(`Order API address: ${answers.server_hostname} (the one the other tenants use; --server-hostname for another).`);
    printNextSteps(say, { id, file, rootFlag: values.root === undefined ? '' : ` --root ${values.root}`, warnings: final });
    return 0;
  } finally {
    prompter?.close();
    scratch?.dispose();
  }
}

const ABORTED = Symbol('aborted');

function aborted(complain: (text: string) => void): number {
  complain('\nStopped before every answer was given. Nothing written.');
  return 1;
}

interface Settle {
  given: string | undefined;
  /** What an invalid value is called in its message. */
  where: string;
  prompt: string;
  fallback?: string;
  check: (value: string) => string | undefined;
  prompter: Prompter | undefined;
  problems: string[];
  missing: string;
  say: (text: string) => void;
}

/**
 * One answer: the given value when valid; otherwise asked again in a terminal, or the problem
 * collected (and undefined returned) so that every problem is reported at once.
 */
async function settle({ given, where, prompt, fallback, check, prompter, problems, missing, say }: Settle): Promise<string | undefined | typeof ABORTED> {
  let value = given === undefined ? undefined : clean(given);
  let typed = false;
  for (;;) {
    if (value === undefined) {
      typed = true;
      if (!prompter) {
        problems.push(missing);
        return undefined;
      }
      const answer = await prompter.ask(prompt);
      if (answer === undefined) return ABORTED;
      value = answer.trim() === '' && fallback !== undefined ? fallback : clean(answer);
    }
    const problem = check(value);
    if (problem === undefined) return value;
    if (!prompter) {
      problems.push(`${where} ${JSON.stringify(value)}: ${problem}`);
      return undefined;
    }
    // Right after an answer it is clear what was refused; a flag's value is named.
    say(typed ? `  Not accepted: ${problem}` : `${where} ${JSON.stringify(value)}: ${problem}`);
    value = undefined;
  }
}

/** Surrounding spaces are never meant; '' or "" typed at a prompt means an empty value (the host root). */
function clean(value: string): string {
  const trimmed = value.trim();
  return trimmed === "''" || trimmed === '""' ? '' : trimmed;
}

interface Prompter {
  /** The next line typed, or undefined once the input ended (Ctrl-D) or Ctrl-C was pressed. */
  ask(question: string): Promise<string | undefined>;
  close(): void;
}

function createPrompter(input: Readable, output: Writable): Prompter {
  const rl = createInterface({ input, output });
  // Lines are read through the iterator, which buffers them: piped answers that arrive before
  // their question would be lost by rl.question().
  const lines = rl[Symbol.asyncIterator]();
  let closed = false;
  rl.on('close', () => {
    closed = true;
  });
  rl.on('SIGINT', () => rl.close());
  return {
    async ask(question) {
      // Piped input may have ended with answers still buffered: the prompt is then only printed.
      if (closed) output.write(question);
      else {
        rl.setPrompt(question);
        rl.prompt();
      }
      const next = await lines.next();
      return next.done ? undefined : String(next.value);
    },
    close: () => rl.close(),
  };
}

// ---------------------------------------------------------------------------------------
// The checks

/** Catalog ids as the loader finds them: catalogs/<id>.yaml. */
function catalogIdsOf(root: string): string[] {
  return listFiles(path.join(root, 'catalogs'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.slice(0, -'.yaml'.length))
    .filter((id) => FILE_ID.test(id));
}

/**
 * The order API address most tenants use (the first such in id order), to default to; never the
 * example address or one the validator warns about, which would only spread the mistake.
 */
function sharedServerHostname(root: string): string | undefined {
  const counts = new Map<string, number>();
  for (const data of tenantFilesLeniently(root)) {
    const hostname = (data as Record<string, unknown> | null)?.server_hostname;
    if (typeof hostname === 'string' && orderApiAddressProblem(hostname) === undefined) counts.set(hostname, (counts.get(hostname) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [hostname, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = hostname;
  return best;
}

function idProblem(root: string, id: string): string | undefined {
  if (!TENANT_ID.test(id)) return 'must be lowercase letters and digits in words joined by single dashes, like smith-auto';
  for (const file of [`tenants/${id}.yaml`, `tenants/${id}.yml`]) {
    if (existsSync(path.join(root, file))) return `taken: ${file} already exists; choose another id`;
  }
  const logo = `tenants/logos/${id}.png`;
  if (existsSync(path.join(root, logo))) return `${logo} already exists and would be overwritten; move it away or choose another id`;
  return undefined;
}

interface Scratch {
  /** Every diagnostic `npm run validate` gives tenants/<id>.yaml when it holds `text`. */
  check(text: string, logo?: Buffer): Diagnostic[];
  dispose(): void;
}

/**
 * A scratch copy of the project's data files beside which a candidate tenant file is checked by
 * the validator itself (loadProject), so the answers meet exactly the schema and cross-file rules
 * `npm run validate` applies, and nothing is written into the project until all of them pass.
 * Images are left out but for the new logo: a missing one is an error in the file naming it,
 * never in the new one.
 */
function createScratch(root: string, id: string): Scratch {
  const scratch = mkdtempSync(path.join(tmpdir(), 'new-tenant-'));
  const tenantIds: string[] = [];
  for (const folder of ['tenants', 'catalogs']) {
    mkdirSync(path.join(scratch, folder));
    for (const name of listFiles(path.join(root, folder))) {
      if (!/\.ya?ml$/i.test(name)) continue;
      copyFileSync(path.join(root, folder, name), path.join(scratch, folder, name));
      if (folder === 'tenants') tenantIds.push(name.replace(/\.ya?ml$/i, ''));
    }
  }
  mkdirSync(path.join(scratch, 'tenants', 'logos'));
  mkdirSync(path.join(scratch, 'catalogs', 'images'));
  // A clash (company name, route prefix) is reported on the later of the two files, so the
  // candidate goes under a name sorting after every tenant: its errors are then its own, and they
  // name the existing file it clashes with. Its content still names the real id (the logo).
  const stand = `${'z'.repeat(Math.max(0, ...tenantIds.map((t) => t.length)) + 1)}.yaml`;
  const file = `tenants/${id}.yaml`;
  return {
    check(text, logo = Buffer.alloc(0)) {
      writeFileSync(path.join(scratch, 'tenants', stand), text);
      writeFileSync(path.join(scratch, 'tenants', 'logos', `${id}.png`), logo);
      return loadProject(scratch)
        .diagnostics.filter((d) => d.file === `tenants/${stand}`)
        .map((d) => ({ ...d, file }));
    },
    dispose: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/**
 * The validator's errors about one field. The fields not answered yet get stand-ins that pass
 * every rule (an empty route prefix never clashes), so that the file as a whole is valid but
 * for this field: the uniqueness checks skip a file with errors of its own.
 */
function fieldProblem(scratch: Scratch, id: string, answers: Answers, field: Field, catalogIds: string[]): string | undefined {
  const standIns: Required<Answers> = {
    title: id,
    company_name: `${id} (new-tenant check)`,
    route_prefix: '',
    // Any address the validator takes without a word: the example one earns a warning.
    server_hostname: 'https://orders.new-tenant-check.invalid',
    catalog: catalogIds[0] ?? id,
  };
  // The order API address is refused for the validator's warnings too (the example address, http
  // away from localhost): a storefront with either cannot place an order.
  const refused = (d: Diagnostic) => d.severity === 'error' || field === 'server_hostname';
  const errors = scratch.check(tenantFileText(id, { ...standIns, ...answers })).filter((d) => refused(d) && d.path === field);
  return errors.length === 0 ? undefined : errors.map((d) => d.message).join('; ');
}

// ---------------------------------------------------------------------------------------
// The files

/** A YAML scalar on one line, quoted only when YAML needs it. */
function scalar(value: string): string {
  const plain = stringify(value, { lineWidth: 0 }).trimEnd();
  return plain.includes('\n') ? JSON.stringify(value) : plain;
}

const COMMENT_COLUMN = 42;

function line(key: string, value: string | undefined, comment: string): string[] {
  if (value === undefined) return [];
  const entry = `${key}: ${scalar(value)}`;
  return [`${entry.padEnd(COMMENT_COLUMN - 1)} # ${comment}`];
}

/** The tenant file: required fields filled in, every optional one present as an explained comment. */
function tenantFileText(id: string, answers: Answers): string {
  const prefix = answers.route_prefix;
  const served = prefix === undefined ? '' : prefix === '' ? "served at the host root ('' = no prefix)" : `served under /${prefix}/; '' serves it at the host root`;
  return [
    '# yaml-language-server: $schema=../schemas/tenant.schema.json',
    `# tenants/${id}.yaml: one dealership group's storefront, built into dist/${id}/.`,
    '# Every field is described in schemas/tenant.schema.json (hover in VS Code). Uncomment what',
    '# this group needs, then run `npm run validate`.',
    '',
    ...line('title', answers.title, 'browser tab and header'),
    ...line('company_name', answers.company_name, 'the order API finds the group by it; unique'),
    ...line('route_prefix', prefix, served),
    ...line('server_hostname', answers.server_hostname, 'the order API: <server_hostname>/v1/...'),
    ...line('catalog', answers.catalog, `catalogs/${answers.catalog ?? ''}.yaml`),
    ...line('company_logo', `${id}.png`, `tenants/logos/${id}.png: a placeholder, replace it`),
    '',
    '# Account representatives shown in the header.',
    '# account_reps:',
    '#   - { name: Dana Reyes, phone: "555-0142" }',
    '',
    '# Logo placements offered per category (mens womens tshirts hat accessory customs office',
    '# service sales detail bodyshop parts); the picker starts on Left Chest when it is listed.',
    '# logo_placements:',
    '#   mens: [Left Chest, Left Sleeve, Right Sleeve, Yoke, Full Back]',
    '#   hat: [Front Center, Left Side, Right Side]',
    '',
    '# Logos offered per category; each name needs tenants/logos/<name exactly as written>.png.',
    '# embroideries:',
    '#   mens: [Company Shield]',
    '#   hat: [Company Shield]',
    '',
    '# Switches; each is off when left out.',
    '# show_image_preview: true              # product images enlarge when clicked',
    '# show_modification_thumbnail: true     # cart lines show a thumbnail of the chosen logo',
    '# minimum_apparel_order: true           # mens + womens quantity in the cart must be 0 or at least 12',
    "# render_logo_preview: true             # the landing page previews the group's logos",
    '# enable_customs_store_picker: true     # the customs tile leads to a store picker (needs stores)',
    '# paypal_not_supported: true            # no PayPal buttons: orders are placed with a bypass code only',
    '# show_restricted: true                 # list the products the catalog marks restricted',
    '# max_order_total: 50000                # the largest order, in dollars, the order API accepts (default 50000)',
    '',
    '# Who is e-mailed about every placed or paid order; without anyone, nobody hears of them.',
    '# email_recipients: [orders@example.com]',
    '',
    '# The stores (dealerships), offered at checkout. code: exactly 6 letters or digits, unique here.',
    '# stores:',
    '#   - { name: Main Street Ford, address: "100 Main St, Springfield", code: MSFRD1 }',
    '',
    '# Secrets are left out on purpose: a placeholder committed here would be a live, guessable',
    '# secret. Choose each one yourself: at least 10 characters, unrelated to any other group\'s',
    '# (the validator warns otherwise). Without password and admin_password nobody can see this',
    "# group's order history.",
    '# password:                             # the entry-screen password that leads to this storefront',
    '# admin_password:                       # unlocks editing PO, Customer PO and Est. Ship Date on the orders screen',
    '# bypass_codes: []                      # codes that place an order without payment, to be invoiced',
    "# A store may have its own password (stores[].password), asked before its customs catalog opens.",
    '',
  ].join('\n');
}

/** Creates every file or none; an existing file is never replaced. Returns the problem, if any. */
function writeNewFiles(root: string, files: { file: string; bytes: string | Buffer }[]): string | undefined {
  const done: string[] = [];
  for (const { file, bytes } of files) {
    try {
      // 'wx' fails when the file appeared since the checks: another run, an editor, a copy.
      writeFileSync(path.join(root, file), bytes, { flag: 'wx' });
      done.push(file);
    } catch (error) {
      for (const earlier of done) rmSync(path.join(root, earlier), { force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return `${file} already exists; it is not overwritten. Nothing written.`;
      if (code === 'ENOENT') return `cannot write ${file}: its folder does not exist. Nothing written.`;
      throw error;
    }
  }
  return undefined;
}

function printNextSteps(
  say: (text: string) => void,
  { id, file, rootFlag, warnings }: { id: string; file: string; rootFlag: string; warnings: Diagnostic[] },
): void {
  say(`Wrote ${file} and tenants/logos/${id}.png (a placeholder logo).`);
  say('\nNext steps:');
  say(`  1. Edit ${file}: stores, e-mail recipients and the passwords are commented out in it;`);
  say(`     replace tenants/logos/${id}.png with the company's logo.`);
  say(`  2. npm run validate${rootFlag ? ` --${rootFlag}` : ''}`);
  say('  3. npm run dev');
  say(`  4. npm run build -- --tenant ${id}${rootFlag}`);
  const notes = warnings.filter((d) => d.severity === 'warning');
  if (notes.length > 0) {
    say('\nUntil then, npm run validate warns:');
    for (const note of notes) say(`  ${formatDiagnostic(note)}`);
  }
}
