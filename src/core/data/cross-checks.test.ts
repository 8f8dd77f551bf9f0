import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crossCheck, WHOLE_FILE, type ParsedProject } from './cross-checks.ts';
import { compareDiagnostics, formatDiagnostic } from './diagnostic.ts';
import { unusedImages } from './image-uses.ts';
import { parseYamlSource } from './yaml-source.ts';

// The rules across files, called directly on projects written here in a few lines each; the
// broken-fixture table (tests/validate-fixtures.test.ts) runs the same rules through
// `npm run validate` on whole projects.

/** A secret of 12 characters that shares no part with another group's (which would earn a warning). */
const secretOf = (what: string) => createHash('sha256').update(what).digest('hex').slice(0, 12);

/**
 * A tenant file that earns no warning of its own (e-mail recipients, passwords long enough and
 * unrelated to other groups'), with `extra` lines from line 7 on.
 */
const tenant = (id: string, extra = '') =>
  `company_name: ${id} Group\nroute_prefix: ${id}\ncatalog: default\npassword: ${secretOf(`${id} entry`)}\nadmin_password: ${secretOf(`${id} admin`)}\nemail_recipients: [orders@${id}.example]\n${extra}`;

const catalog = (products: string) => `products:\n${products}`;

interface Files {
  supplierFile?: string;
  tenants?: Record<string, string>;
  catalogs?: Record<string, string>;
  logos?: string[];
  photos?: string[];
  /** Files with errors of their own, and the paths of those errors. */
  failed?: Record<string, string[]>;
}

function project({
  supplierFile = 'main_phone: 555-0100\n',
  tenants = {},
  catalogs = { default: catalog('') },
  logos = [],
  photos = [],
  failed = {},
}: Files): ParsedProject {
  return {
    supplierFile: parseYamlSource('tenants/_site.yaml', supplierFile),
    tenants: new Map(Object.entries(tenants).map(([id, text]) => [id, parseYamlSource(`tenants/${id}.yaml`, text)])),
    catalogs: new Map(Object.entries(catalogs).map(([id, text]) => [id, parseYamlSource(`catalogs/${id}.yaml`, text)])),
    logoFiles: new Set(logos),
    productImageFiles: new Set(photos),
    failed: new Map(Object.entries(failed).map(([file, paths]) => [file, new Set(paths)])),
    ignoredTenants: new Set(),
    ignoredCatalogs: new Set(),
    unreadCatalogs: new Set(),
  };
}

/** What `npm run validate` prints of the cross-checks, in its order. */
const lines = (files: Files) => crossCheck(project(files)).sort(compareDiagnostics).map(formatDiagnostic);
const errors = (files: Files) => lines(files).filter((line) => !/^\S+ {2}\S+ {2}warning: /.test(line));

describe('the checks between tenant files', () => {
  it('refuses a second tenant with the entry password of another, naming the first', () => {
    const second = tenant('beta').replace(secretOf('beta entry'), secretOf('alpha entry'));
    expect(errors({ tenants: { alpha: tenant('alpha'), beta: second } })).toEqual([
      'tenants/beta.yaml:4:11  password  the same entry password as tenants/alpha.yaml: the entry screen could not tell which store to open',
    ]);
  });

  it('compares prefixes and company names only between files without errors of their own', () => {
    // A copy of alpha's file with one field misspelt: its prefix, company name and password clash with alpha's.
    const copy = tenant('alpha').replace('admin_password', 'admin_pasword');
    const tenants = { alpha: tenant('alpha'), beta: copy };
    expect(errors({ tenants })).toEqual([
      'tenants/beta.yaml:1:15  company_name  company name "alpha Group" is already used by tenants/alpha.yaml; the order API tells tenants apart by it',
      'tenants/beta.yaml:2:15  route_prefix  route prefix "alpha" is already used by tenants/alpha.yaml; each prefix must be unique',
      'tenants/beta.yaml:4:11  password  the same entry password as tenants/alpha.yaml: the entry screen could not tell which store to open',
    ]);
    // While beta fails its schema (the misspelt admin_pasword), its clashes are not told: fixing it may remove them.
    expect(lines({ tenants, failed: { 'tenants/beta.yaml': ['admin_pasword'] } })).toEqual([]);
  });

  it('warns once about several stores whose password is their code, at the first of them', () => {
    const stores =
      'stores:\n  - { code: ALPHA1, name: One, password: ALPHA1 }\n  - { code: ALPHA2, name: Two, password: ALPHA2 }\n  - { code: ALPHA3, name: Three, password: a-long-password }\n';
    expect(lines({ tenants: { alpha: tenant('alpha', stores) } })).toEqual([
      "tenants/alpha.yaml:8:42  stores[0].password  warning: 2 stores have their code as their password; a store's code is public in its address (catalog/<code>/customs/), so that password keeps nobody out",
    ]);
  });

  it("warns about a short store password, but not again about one that is the store's code", () => {
    const stores = 'stores:\n  - { code: ALPHA1, name: One, password: short }\n';
    expect(lines({ tenants: { alpha: tenant('alpha', stores) } })).toEqual([
      "tenants/alpha.yaml:8:42  stores[0].password  warning: store password of only 5 characters; it opens the store's custom products to order, so choose at least 10 characters that are not easy to guess",
    ]);
  });

  it('tells a tenant without an entry password that only its admins see its orders, and says nothing of a password written wrongly', () => {
    const adminsOnly = tenant('alpha').replace(/^password: .*\n/m, '');
    expect(lines({ tenants: { alpha: adminsOnly } })).toEqual([
      "tenants/alpha.yaml:1:1  (file)  warning: no password: only its admins (admin_password) can see this group's order history",
    ]);
    // A list where text belongs has its schema error; "no password" would only repeat it.
    expect(lines({ tenants: { alpha: tenant('alpha').replace(/^password: .*$/m, 'password: [alpha]') } })).toEqual([]);
  });

  it('warns about two groups whose secrets share five characters or more, each naming the other, and not about four', () => {
    const withCode = (id: string, code: string) => tenant(id, `bypass_codes: [${code}]\n`);
    expect(lines({ tenants: { alpha: withCode('alpha', 'NET30ALPHA77'), beta: withCode('beta', 'NET30BETA91') } })).toEqual([
      'tenants/alpha.yaml:7:16  bypass_codes[0]  warning: shares "NET30…" with a secret of tenants/beta.yaml; anyone who knows one can guess the other, so make each group\'s secrets unrelated',
      'tenants/beta.yaml:7:16  bypass_codes[0]  warning: shares "NET30…" with a secret of tenants/alpha.yaml; anyone who knows one can guess the other, so make each group\'s secrets unrelated',
    ]);
    expect(lines({ tenants: { alpha: withCode('alpha', 'NET3ALPHA77'), beta: withCode('beta', 'NET3BETA91') } })).toEqual([]);
  });

  it('refuses "tshirt" and "tshirts" in one tenant\'s logos, which are one category', () => {
    const embroideries = 'embroideries:\n  tshirt: [Crest]\n  tshirts: [Crest]\n';
    expect(lines({ tenants: { alpha: tenant('alpha', embroideries) }, logos: ['Crest.png'] })).toEqual([
      'tenants/alpha.yaml:8:3  embroideries.tshirt  both "tshirt" and "tshirts" are listed; they are the same category, keep one',
    ]);
  });

  it('warns about an order API address no storefront can order through', () => {
    expect(lines({ tenants: { alpha: tenant('alpha', 'server_hostname: http://orders.alpha.example\n') } })).toEqual([
      'tenants/alpha.yaml:7:18  server_hostname  warning: "http://orders.alpha.example" is plain http: a storefront served over https cannot call it, so nobody could order; use the https:// address (http is for localhost only)',
    ]);
    expect(lines({ tenants: { alpha: tenant('alpha', 'server_hostname: http://localhost:8787\n') } })).toEqual([]);
  });
});

describe('the checks between tenants and catalogs', () => {
  const polo = '  - { code: K500, type: customs, colors: [Navy], supportedStores: [ALPHA1, BETA01] }\n';

  it('refuses a store code no tenant has, once every tenant file is known', () => {
    const alpha = tenant('alpha', 'stores:\n  - { code: ALPHA1, name: One, password: a-long-password }\n');
    expect(lines({ tenants: { alpha }, catalogs: { default: catalog(polo) }, photos: ['K500_navy.jpg'] })).toEqual([
      'catalogs/default.yaml:2:76  products[0].supportedStores[1]  no tenant has a store with code "BETA01"',
    ]);
  });

  it('says nothing of unknown store codes or unused catalogs while a tenant file has errors: the store may be in it', () => {
    const alpha = tenant('alpha', 'stores:\n  - { code: ALPHA1, name: One, password: a-long-password }\n');
    const files = {
      tenants: { alpha, beta: 'catalog: [' },
      catalogs: { default: catalog(polo), spare: catalog('') },
      photos: ['K500_navy.jpg'],
      failed: { 'tenants/beta.yaml': [WHOLE_FILE] },
    };
    expect(lines(files)).toEqual([]);
    expect(lines({ ...files, tenants: { alpha }, failed: {} })).toEqual([
      'catalogs/default.yaml:2:76  products[0].supportedStores[1]  no tenant has a store with code "BETA01"',
      'catalogs/spare.yaml:1:1  (file)  warning: no tenant uses catalog "spare"',
    ]);
  });

  it("leaves out what lies inside a value the file's own errors are about, and reports the rest", () => {
    const products = '  - { code: K500, colors: [Navy], sizes: { XXL: 9.5 } }\n  - { code: K540, colors: [Navy], sizes: { XXL: 9.5 } }\n';
    const photos = ['K500_navy.jpg', 'K540_navy.jpg'];
    const files = { tenants: { alpha: tenant('alpha') }, catalogs: { default: catalog(products) }, photos };
    expect(lines({ ...files, failed: { 'catalogs/default.yaml': ['products[0].sizes'] } })).toEqual([
      'catalogs/default.yaml:3:44  products[1].sizes.XXL  unknown size label "XXL"; close known labels: 2XL, 3XL, 4XL',
    ]);
  });
});

describe('the checks of images the data names', () => {
  it('refuses a missing entry header image, suggesting the near name on disk', () => {
    expect(lines({ supplierFile: 'entry_header_image: entry-heder.jpg\n', tenants: { alpha: tenant('alpha') }, logos: ['entry-header.jpg'] })).toEqual([
      'tenants/_site.yaml:1:21  entry_header_image  no image tenants/logos/entry-heder.jpg (did you mean "entry-header.jpg"?)',
    ]);
  });

  it('refuses a half colour without its photo, as it refuses a colour', () => {
    const products = '  - { code: K500, colors: [Navy], halfColors: [Navy Red] }\n';
    expect(lines({ tenants: { alpha: tenant('alpha') }, catalogs: { default: catalog(products) }, photos: ['K500_navy.jpg'] })).toEqual([
      'catalogs/default.yaml:2:48  products[0].halfColors[0]  no image catalogs/images/K500_navy_red.jpg',
    ]);
  });

  it('refuses a colour one product spells almost like the others, even with its photo', () => {
    const products = '  - { code: K500, colors: [Forest Green] }\n  - { code: K540, colors: [Forest Green] }\n  - { code: K110, colors: [Forest Grean] }\n';
    const photos = ['K500_forest_green.jpg', 'K540_forest_green.jpg', 'K110_forest_grean.jpg'];
    expect(lines({ tenants: { alpha: tenant('alpha') }, catalogs: { default: catalog(products) }, photos })).toEqual([
      'catalogs/default.yaml:4:28  products[2].colors[0]  "Forest Grean" is used by this product only, and "Forest Green" by 2 products; if it is the same colour, write "Forest Green"; if it is another colour, confirm it with distinct_colors: [Forest Grean] on this product',
    ]);
  });

  it('warns about photos nothing uses, suggesting the missing name they were likely meant for, only when every file is read', () => {
    const products = '  - { code: K500, colors: [Navy, Royal Blue] }\n';
    const files = {
      tenants: { alpha: tenant('alpha') },
      catalogs: { default: catalog(products) },
      photos: ['K500_navy.jpg', 'K500_royal_bleu.jpg', 'K500_NAVY.jpg'],
    };
    expect(unusedImages(project(files)).map(formatDiagnostic)).toEqual([
      'catalogs/images/K500_royal_bleu.jpg:1:1  (file)  warning: no product colour or half colour uses this image (did you mean "K500_royal_blue.jpg"?)',
    ]);
    expect(unusedImages(project({ ...files, failed: { 'tenants/alpha.yaml': ['stores'] } }))).toEqual([]);
  });
});
