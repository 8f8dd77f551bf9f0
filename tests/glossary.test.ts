// The Words table of docs/architecture.md, held over the code: each word there means one thing,
// so a file name or an identifier that uses it for another thing fails here, naming the file and
// line. The rules are written out below, one per row of the table they keep true; the first test
// ties them to the table, so a rule cannot outlive its row nor a row be dropped under a rule.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/fixture-project.ts';

const CODE_FOLDERS = ['src', 'server', 'scripts', 'tests'];
const CODE_FILE = /\.(ts|tsx|mjs|cjs)$/;
const THIS_FILE = 'tests/glossary.test.ts';

/** Repository-relative paths of every code file under `folders` (fixtures hold data, not code). */
function codeFiles(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => CODE_FILE.test(file) && !file.includes('/fixtures/') && !file.includes('node_modules/')),
  );
}

/** The words of docs/architecture.md's Words table (its first column). */
function glossaryWords(): string[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## Words$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| word ') && !line.startsWith('| ---'))
    .map((line) => line.split('|')[1]!.trim());
}

/** The fields of SupplierFacts, read from its declaration, so a new field is covered as soon as it exists. */
function supplierFields(): string[] {
  const source = readFileSync(path.join(REPO_ROOT, 'src/domain/tenant.ts'), 'utf8');
  const body = /export interface SupplierFacts \{([^}]*)\}/.exec(source)?.[1];
  if (!body) throw new Error('src/domain/tenant.ts no longer declares `interface SupplierFacts { … }`: update supplierFields()');
  return [...body.matchAll(/^\s*(\w+)\??:/gm)].map((match) => match[1]!);
}

interface Rule {
  /** The row of the Words table the rule keeps true. */
  word: string;
  what: string;
  pattern: RegExp;
}

const FIELDS = supplierFields().join('|');

/** Uses of a word for what the Words table says it is not, as they appear in code. */
const LINE_RULES: Rule[] = [
  {
    word: 'site',
    what: 'the supplier\'s facts are "supplier" (Project.supplier), not "site"',
    pattern: /\bproject\.site\b|Project\[['"]site['"]\]|\{\s*site\s*\}\s*=\s*(?:data\.)?project\b/,
  },
  { word: 'site', what: 'a SupplierFacts value is named "supplier", not "site"', pattern: /\bsite\??\s*:\s*SupplierFacts\b/ },
  { word: 'site', what: 'the supplier\'s facts are read from "supplier", not "site"', pattern: new RegExp(`\\bsite\\??\\.(?:${FIELDS})\\b`) },
  {
    word: 'store',
    what: "the order API's database is OrderDatabase, not a store",
    pattern: /\bOrderStore\b|\bstore\??\s*:\s*OrderDatabase\b|\bstore\s*=\s*new OrderDatabase\b/,
  },
  {
    word: 'store',
    what: 'a zustand store is named for what it holds ("cart store": cartStore)',
    pattern: /\b(?:const|let)\s+(?![\w]*[Cc]art)\w+\s*=\s*createStore\b/,
  },
];

/** File names that use a word for what the Words table says it is not. */
const FILE_NAME_RULES: Rule[] = [
  { word: 'store', what: 'the order database\'s files are named for what they hold: a "store" is a dealership\'s', pattern: /^server\/storage\/.*store[^/]*$/ },
  { word: 'store', what: 'a dealership store file beside the order database differs by more than a letter', pattern: /(^|\/)order-stores?\.tsx?$/ },
];

function lineFindings(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => LINE_RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `${file}:${index + 1}  ${rule.what}: ${line.trim()}`));
}

function fileNameFindings(files: readonly string[]): string[] {
  return files.flatMap((file) => FILE_NAME_RULES.filter((rule) => rule.pattern.test(file)).map((rule) => `${file}  ${rule.what}`));
}

/** Production code: what ships or runs, not the tests beside it. */
const isProductionCode = (file: string) => !/\.test\.tsx?$/.test(file) && !file.startsWith('server/tests/');

/**
 * Pairs of production files under src/ and server/ that share a name: "which storefront-config.ts?"
 * is the question a newcomer should never have to ask.
 */
function sharedBasenames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files.filter(isProductionCode)) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
  return new Map([...byName].filter(([, paths]) => paths.length > 1).map(([name, paths]) => [name, paths.sort()]));
}

describe('the Words table of docs/architecture.md', () => {
  const files = codeFiles(CODE_FOLDERS);

  it('names every word these checks hold', () => {
    const words = glossaryWords();
    for (const rule of [...LINE_RULES, ...FILE_NAME_RULES]) expect(words, `docs/architecture.md's Words table has no row "${rule.word}"`).toContain(rule.word);
  });

  it('holds in src, server, scripts and tests: no word used for what it is not', () => {
    const findings = files.filter((file) => file !== THIS_FILE).flatMap((file) => lineFindings(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')));
    expect(findings).toEqual([]);
    expect(fileNameFindings(files)).toEqual([]);
  });

  it('holds for file names: no two production files under src/ and server/ share a name', () => {
    const shared = sharedBasenames(files.filter((file) => file.startsWith('src/') || file.startsWith('server/')));
    expect(Object.fromEntries(shared)).toEqual({});
  });

  // The checks above pass on a clean tree; these prove each one can fail, on the confusions it exists for.
  it('fail on the supplier\'s facts called "site", naming file and line', () => {
    expect(lineFindings('src/x.ts', 'const a = 1;\nconst header = entryHeaderImage(root, project.site);')).toEqual([
      'src/x.ts:2  the supplier\'s facts are "supplier" (Project.supplier), not "site": const header = entryHeaderImage(root, project.site);',
    ]);
    expect(lineFindings('src/x.ts', 'function f(site: SupplierFacts) {')).toHaveLength(1);
    expect(lineFindings('src/x.ts', 'return site.mainPhone;')).toHaveLength(1);
    expect(lineFindings('src/x.ts', 'const { site } = project;')).toHaveLength(1);
    // A published site is a site.
    expect(lineFindings('src/x.ts', 'for (const site of report.tenants) total += site.pages;')).toEqual([]);
  });

  it('fail on "store" for the order database or an unnamed zustand store', () => {
    expect(lineFindings('server/x.ts', '  store: OrderDatabase;')).toHaveLength(1);
    expect(lineFindings('server/x.ts', 'const store = new OrderDatabase(db);')).toHaveLength(1);
    expect(lineFindings('src/x.ts', 'export const itemsStore = createStore<Items>()(')).toHaveLength(1);
    expect(lineFindings('src/x.ts', 'export const cartStore = createStore<CartState>()(')).toEqual([]);
    expect(fileNameFindings(['server/app/order-stores.ts', 'server/storage/order-store.ts', 'server/app/store-rules.ts'])).toEqual([
      'server/app/order-stores.ts  a dealership store file beside the order database differs by more than a letter',
      'server/storage/order-store.ts  the order database\'s files are named for what they hold: a "store" is a dealership\'s',
      'server/storage/order-store.ts  a dealership store file beside the order database differs by more than a letter',
    ]);
  });

  it('fail on two production files with one name, but not on a test named like its subject', () => {
    expect(
      sharedBasenames(['src/pages/island.tsx', 'src/runtime/server/island.tsx', 'src/a/x.test.ts', 'src/b/x.test.ts', 'server/tests/y.ts', 'server/y.ts']),
    ).toEqual(new Map([['island.tsx', ['src/pages/island.tsx', 'src/runtime/server/island.tsx']]]));
  });
});
