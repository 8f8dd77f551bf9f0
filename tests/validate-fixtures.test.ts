import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixtureProject } from './helpers/fixture-project.ts';
import { runBuild } from '../src/core/cli/build-command.ts';
import { runValidate } from '../src/core/cli/validate-command.ts';
import { diagnosticLines, errorLines, runInProcess, runScriptInBackground, treeDigest } from './helpers/run-cli.ts';

/** Each broken fixture and exactly what `npm run validate` must say about it. */
const EXPECTED: Record<string, string[]> = {
  // A syntax mistake is said once, where it is written, in plain words; what only follows from it is not.
  'syntax-error': ['tenants/solo.yaml:7:15  account_reps  the list opened with [ here is not closed: end it with ] on the same line'],
  'tab-indent': ['tenants/solo.yaml:8:1  (file)  this line is indented with a tab; indent with spaces only'],
  indentation: [
    'catalogs/default.yaml:5:6  products[0].name  this line is indented by 5 spaces, the line above by 4 spaces; a field starts in the same column as the fields beside it, and further in only under a "key:" with nothing after it',
  ],
  'decimal-comma': [
    'catalogs/default.yaml:11:21  products[0].sizes.Small  38,77 is read as 38 and a second entry "77", since a comma separates entries between { }; write the price with a decimal point: 38.77',
  ],
  'duplicate-key': ['tenants/solo.yaml:5:1  title  duplicate key "title": each field may appear only once in a map'],
  'empty-file': ['tenants/solo.yaml:1:1  (file)  must be a map of fields, got nothing'],
  'wrong-type': ['tenants/solo.yaml:7:21  show_image_preview  must be true or false, got "yes"'],
  'string-price': ['catalogs/default.yaml:9:25  products[0].sizes["# boxes"]  must be a number, got "$76.44"'],
  'missing-required': ['tenants/solo.yaml:2:1  catalog  missing required field "catalog"'],
  'unknown-key': [
    'catalogs/default.yaml:3:5  products[0].colors  missing required field "colors"',
    'catalogs/default.yaml:7:5  products[0].colour  unknown field "colour" (did you mean "colors"?)',
  ],
  'bad-enum': [
    'catalogs/default.yaml:6:11  products[0].type  must be one of mens, womens, tshirts, hat, accessory, customs, office, service, sales, detail, bodyshop, parts; got "servise" (did you mean "service"?)',
  ],
  'unknown-placement': [
    'tenants/solo.yaml:8:22  logo_placements.mens[1]  must be one of Left Chest, Left Sleeve, Right Sleeve, Yoke, Full Back, Full Front, Front Center, Left Panel, Right Panel, Left Side, Right Side; got "Left Chest Pocket"',
  ],
  'unknown-embroidery-category': ['tenants/solo.yaml:8:3  embroideries.shirts  unknown category "shirts" (did you mean "tshirts" or "tshirt"?)'],
  'short-store-code': ['tenants/solo.yaml:8:43  stores[0].code  must be exactly 6 characters, got "SFORD"'],
  'duplicate-store-code': ['tenants/solo.yaml:9:35  stores[1].code  store code "SFORD1" is already used by stores[0]; codes must be unique within a tenant'],
  'uppercase-route-prefix': ['tenants/solo.yaml:4:15  route_prefix  must be lowercase letters, digits and dashes (or \'\' for no prefix), got "Solo"'],
  'duplicate-route-prefix': [
    'tenants/solo.yaml:4:15  route_prefix  route prefix "guardian" is already used by tenants/guardian.yaml; each prefix must be unique',
  ],
  'duplicate-company-name': [
    'tenants/solo.yaml:3:15  company_name  company name "Guardian Automotive Group" is already used by tenants/guardian.yaml; the order API tells tenants apart by it',
  ],
  'bad-email': ['tenants/solo.yaml:7:20  email_recipients[0]  must be an e-mail address, got "orders-at-solo.example"'],
  'unknown-catalog': ['tenants/solo.yaml:6:10  catalog  no catalog "defualt": catalogs/defualt.yaml does not exist (did you mean "default"?)'],
  'missing-image': ['catalogs/default.yaml:9:20  products[0].colors[1]  no image catalogs/images/K500_black.jpg'],
  'missing-logo': ['tenants/solo.yaml:8:9  embroideries.hat[0]  no image tenants/logos/Solo Crest.png'],
  'logo-wrong-case': [
    'tenants/solo.yaml:7:15  company_logo  no image tenants/logos/Solo.png: found "solo.png", but file names must match exactly, capitals included',
  ],
  'default-color-not-in-colors': ['catalogs/default.yaml:8:20  products[0].default_color  "Blue" is not one of this product\'s colors (White)'],
  'unknown-size-label': ['catalogs/default.yaml:9:28  products[0].sizes.XXL  unknown size label "XXL"; close known labels: 2XL, 3XL, 4XL'],
  'too-many-decimals': ['catalogs/default.yaml:10:40  products[0].discount[0].price  a price may have at most 4 decimals, got 71.50125'],
  'negative-price': ['catalogs/default.yaml:9:25  products[0].sizes["# boxes"]  must be 0 or more, got -76.44'],
  'unknown-supported-store': ['catalogs/default.yaml:10:31  products[0].supportedStores[1]  no tenant has a store with code "GCHEV2" (did you mean "GCHEV1"?)'],
  'duplicate-product-code': [
    'catalogs/default.yaml:4:13  products[1].code  product code "FM-100" is already used by products[0]; codes must be unique within a catalog',
  ],
  'product-code-case': [
    'catalogs/default.yaml:29:11  products[3].code  product code "k500" differs from "K500" (products[0]) only in capitals; codes must differ in more than capitals, or their photos and orders are mixed up',
  ],
  // The price-break table "Under 24 $38.77 / 24–47 $39.99 / 48+ $36.50".
  'discount-above-base': [
    'catalogs/default.yaml:12:39  products[0].discount[0].price  39.99 from 24 pieces is not below 38.77, the price of size Small it replaces; a discount must lower the price',
  ],
  'discount-out-of-order': [
    'catalogs/default.yaml:28:60  products[2].discount[1].quantity  quantity 100 comes after 500 (discount[0]); list the tiers from the smallest quantity up',
  ],
  'discount-price-rises': [
    'catalogs/default.yaml:28:72  products[2].discount[1].price  73 from 500 pieces is not below 71.5, the price from 100 (discount[0]); a larger quantity must cost less',
  ],
  // K500 and FM-100 are in "Forest Green"; the new K540 alone in "Forrest Green", with its photo named for the usual spelling.
  'colour-typo': [
    'catalogs/default.yaml:33:14  products[3].colors[0]  "Forrest Green" is used by this product only, and "Forest Green" by 2 products; if it is the same colour, write "Forest Green"; if it is another colour, confirm it with distinct_colors: [Forrest Green] on this product',
    'catalogs/default.yaml:33:14  products[3].colors[0]  no image catalogs/images/K540_forrest_green.jpg; this product has the photo K540_forest_green.jpg for "Forest Green", the spelling 2 other products use',
  ],
  // K500_black.jpg is as near to K540_blak.jpg as K540_black.jpg, but another garment.
  'missing-image-own-product': ['catalogs/default.yaml:33:20  products[3].colors[1]  no image catalogs/images/K540_blak.jpg (did you mean "K540_black.jpg"?)'],
  'bad-half-color': [
    'catalogs/default.yaml:8:18  products[0].halfColors[0]  must be two colour names separated by one space, like "Black Red", got "Black/Red"',
  ],
  'missing-site-file': ['tenants/_site.yaml:1:1  (file)  is missing: it holds the supplier-wide facts (main phone, support e-mail, postal address)'],
  'yml-extension': ['tenants/solo.yml:1:1  (file)  is ignored: data files must end in .yaml (rename it to solo.yaml)'],
  // One cause, one file: the base fixture's catalog lists guardian's store GCHEV1 and both tenants
  // use it, so each of these would also print errors about files that are fine if the checks
  // across files read a broken one.
  'unreadable-tenant': ['tenants/guardian.yaml:29:17  admin_password  the text opened with " here is not closed: end it with " on the same line'],
  'unreadable-catalog': ['catalogs/default.yaml:30:11  products[3].name  the text opened with " here is not closed: end it with " on the same line'],
  'invalid-tenant': ['tenants/guardian.yaml:24:1  sotres  unknown field "sotres" (did you mean "stores"?)'],
  'invalid-tenant-copy': ['tenants/acme.yaml:14:1  show_image_preveiw  unknown field "show_image_preveiw" (did you mean "show_image_preview"?)'],
  'ignored-tenant-file': ['tenants/guardian.yml:1:1  (file)  is ignored: data files must end in .yaml (rename it to guardian.yaml)'],
  'ignored-catalog-file': ['catalogs/default.yml:1:1  (file)  is ignored: data files must end in .yaml (rename it to default.yaml)'],
  'logo-with-folder': ['tenants/solo.yaml:7:15  company_logo  must be a .png, .jpg or .webp file name in tenants/logos/, got "logos/solo.png"'],
  'invalid-supported-store': ['catalogs/default.yaml:20:31  products[1].supportedStores[1]  must use only letters and digits, got "GFORD-"'],
  // Logo areas (placement_areas): one past the right edge at the catalog's level, one past the bottom of K500's own.
  'area-outside-picture': [
    'catalogs/default.yaml:4:43  placement_areas.mens["Left Chest"].width  the area reaches past the picture\'s right edge: x + width = 0.9 + 0.2 = 1.1, at most 1',
    'catalogs/default.yaml:16:59  products[0].placement_areas["Full Front"].height  the area reaches past the picture\'s bottom edge: y + height = 0.8 + 0.3 = 1.1, at most 1',
  ],
  // K500 has no back picture in any colour, so neither its own back area nor Navy's can be drawn.
  'back-area-without-back-picture': [
    'catalogs/default.yaml:13:69  products[0].placement_areas["Full Back"].side  "Full Back" is on the back, but none of this product\'s colours has a back picture (for Navy: catalogs/images/K500_navy_back.jpg); add one, or remove the area',
    'catalogs/default.yaml:16:65  products[0].color_placement_areas.Navy.Yoke.side  "Yoke" is on the back, but there is no back picture catalogs/images/K500_navy_back.jpg',
  ],
  'areas-for-unknown-colour': [
    'catalogs/default.yaml:13:7  products[0].color_placement_areas.Red  "Red" is not one of this product\'s colours (Navy, Black, Royal Blue)',
  ],
  // K500_navy.jpg is a real photo cut off after 2 KB (its header is whole), K500_black.jpg a text file.
  'unusable-images': [
    'catalogs/default.yaml:9:14  products[0].colors[0]  catalogs/images/K500_navy.jpg: not a readable image (cut off or damaged: its header is whole but its picture data is not)',
    'catalogs/default.yaml:9:20  products[0].colors[1]  catalogs/images/K500_black.jpg: not a readable image (Input buffer contains unsupported image format)',
  ],
};

/**
 * The base fixture's images are 8×8 stand-ins, so that the many builds of it in the tests stay
 * fast; each use of one earns a warning that it is smaller than pages show it. Tests about other
 * warnings leave those out.
 */
const isStandInSize = (line: string) => / warning: (catalogs\/images|tenants\/logos)\/[^:]+ is 8×8, /.test(line);

/** The heading the stand-ins' warnings are grouped under, there being more than 3 of them. */
const SMALL_IMAGES = 'images narrower than the pages show them, so they will look blurry; use ones at least as wide as the page shows them';

/**
 * Fixtures whose one broken file must be the only file named: no error about another file (a
 * store "unknown" only because the tenant defining it cannot be read, a prefix "already used" by
 * a file with errors), and no line about another file mentioning the broken one.
 */
const CAUSE_ONLY: Record<string, string> = {
  'syntax-error': 'tenants/solo.yaml',
  'duplicate-key': 'tenants/solo.yaml',
  'unreadable-tenant': 'tenants/guardian.yaml',
  'unreadable-catalog': 'catalogs/default.yaml',
  'invalid-tenant': 'tenants/guardian.yaml',
  'invalid-tenant-copy': 'tenants/acme.yaml',
  'ignored-tenant-file': 'tenants/guardian.yml',
  'ignored-catalog-file': 'catalogs/default.yml',
  'logo-with-folder': 'tenants/solo.yaml',
  'invalid-supported-store': 'catalogs/default.yaml',
  indentation: 'catalogs/default.yaml',
  'decimal-comma': 'catalogs/default.yaml',
};

/**
 * One copy of each fixture for the whole file: the commands only read the data (a build writes to
 * its --out-dir), so the validate and build cases of a fixture may share it.
 */
const projects = new Map<string, string>();
function project(name: string, folder = 'broken'): string {
  const key = `${folder}/${name}`;
  if (!projects.has(key)) projects.set(key, fixtureProject(name, folder));
  return projects.get(key)!;
}

// The base fixture goes through the real command line, the broken ones call the same command
// functions in this process (runInProcess), which saves a process start-up each. The two child
// processes start here, before the first case, and run on another core while the in-process
// cases go on; the cases that read their results wait for them.
const baseValidation = runScriptInBackground('validate', ['--root', fixtureProject()]);
const previousBuild = (() => {
  const parent = mkdtempSync(path.join(tmpdir(), 'previous-dist-'));
  const outDir = path.join(parent, 'dist');
  return runScriptInBackground('build', ['--root', fixtureProject(), '--out-dir', outDir]).then((result) => ({ parent, outDir, result }));
})();

describe('npm run validate on broken data', () => {
  it('has an expectation for every broken fixture, and at least 20 of them', () => {
    const fixtures = readdirSync(path.join(FIXTURES, 'broken')).sort();
    expect(fixtures).toEqual(Object.keys(EXPECTED).sort());
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.entries(EXPECTED))('%s: prints the position and message, exits 1', async (name, expected) => {
    const result = await runInProcess(runValidate, ['--root', project(name)]);
    expect(errorLines(result.stderr)).toEqual(expected);
    expect(result.stderr).toMatch(/\d+ errors? in \d+ files?[.,]/);
    expect(result.status).toBe(1);
  });

  it.each(Object.entries(CAUSE_ONLY))('%s: names only %s, not the files that depend on it', async (name, file) => {
    const result = await runInProcess(runValidate, ['--root', project(name)]);
    const errors = errorLines(result.stderr);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line.startsWith(`${file}:`), line).toBe(true);
      const dataFiles = line.match(/(?:tenants|catalogs)\/[\w.-]+\.ya?ml/g) ?? [];
      expect(
        dataFiles.filter((named) => named !== file),
        line,
      ).toEqual([]);
    }
    const othersNamingIt = diagnosticLines(result.stderr).filter((line) => !line.startsWith(`${file}:`) && line.includes(file));
    expect(othersNamingIt).toEqual([]);
    expect(result.stderr).toMatch(/\d+ errors? in 1 file[.,]/);
  });

  // After the in-process cases, so that its child process has had their time to finish.
  it("accepts the base fixture (the issue's guardian and default examples as written)", async () => {
    const result = await baseValidation;
    const lines = result.stderr.trim().split('\n');
    // Every use of each of its 11 stand-in images: 6 product colours, the entry header, 2 company
    // logos and 3 embroidery logos (Guardian Shield is used twice).
    // More than 3 of one kind: one heading with the count, then each place with only what is its own.
    expect(lines.filter(isStandInSize)).toHaveLength(12);
    expect(lines).toContain(`12 warnings: ${SMALL_IMAGES}`);
    expect(lines).toContain(
      'tenants/_site.yaml:6:21  entry_header_image  warning: tenants/logos/entry-header.jpg is 8×8, the entry screen shows it at 1600 px wide',
    );
    // Valid, with the warnings the issue's example earns: store GCHEV1's password is its
    // (public) code, the admin password is a placeholder, and the solo tenant has no
    // email_recipients and no password at all, so nobody hears of or can read its orders.
    expect(diagnosticLines(result.stderr).filter((line) => !isStandInSize(line))).toEqual([
      'tenants/guardian.yaml:25:94  stores[0].password  warning: store "GCHEV1" has its code as its password; a store\'s code is public in its address (catalog/<code>/customs/), so that password keeps nobody out',
      'tenants/guardian.yaml:29:17  admin_password  warning: "change-me" is a placeholder or the tenant\'s id; it unlocks the group\'s order history, so choose at least 10 characters that are not easy to guess',
      'tenants/solo.yaml:2:1  (file)  warning: no email_recipients: nobody is e-mailed when this group places or pays an order',
      "tenants/solo.yaml:2:1  (file)  warning: no password and no admin_password: nobody can see this group's order history",
    ]);
    expect(result.stdout.trim()).toBe('Valid: 2 tenants, 1 catalog, 3 products, 2 stores, 11 images (16 warnings)');
    expect(result.status).toBe(0);
  });
});

describe('warnings', () => {
  it('warns of a placement offered with no area on the picture, and of a back picture of a colour the product lacks', async () => {
    // guardian offers Front Center on service products, which have no areas; K500_navy_back.jpg is
    // a back picture K500 uses (checked, not unused), K500_red_back.jpg one of a colour it lacks.
    const result = await runInProcess(runValidate, ['--root', project('placement-areas', 'warning')]);
    const lines = diagnosticLines(result.stderr);
    expect(lines.filter((line) => line.includes('back') || line.includes('area'))).toEqual([
      // Among the stand-ins' size warnings, grouped under their heading.
      'catalogs/default.yaml:9:14  products[0].colors[0]  warning: catalogs/images/K500_navy_back.jpg is 8×8, the item page shows it at 960 px wide',
      'catalogs/images/K500_red_back.jpg:1:1  (file)  warning: no product colour or half colour uses this image: a back picture of K500 in "red", a colour K500 does not have (Navy, Black, Royal Blue); rename it for one of them, like K500_navy_back.jpg',
      'tenants/guardian.yaml:14:13  logo_placements.service[0]  warning: no area is known for "Front Center" on service pictures: the item page draws no mock-up of a logo there; add it under placement_areas.service in catalogs/default.yaml',
    ]);
    expect(result.status).toBe(0);
  });

  it('takes a priced product whose prices are all 0 as priced on request, without a word, and prints the other warnings', async () => {
    const result = await runInProcess(runValidate, ['--root', project('zero-prices', 'warning')]);
    expect(diagnosticLines(result.stderr).filter((line) => !isStandInSize(line))).toEqual([
      expect.stringMatching(/^tenants\/guardian.yaml:25:94  stores\[0\].password  warning: store "GCHEV1" has its code as its password/),
      expect.stringMatching(/^tenants\/guardian.yaml:29:17  admin_password  warning: "change-me" is a placeholder/),
      expect.stringMatching(/^tenants\/solo.yaml:2:1  \(file\)  warning: no email_recipients/),
      expect.stringMatching(/^tenants\/solo.yaml:2:1  \(file\)  warning: no password and no admin_password/),
    ]);
    // The fixture removes the photos of the products it drops (see its .remove), which would otherwise be unused.
    expect(result.stdout.trim()).toBe('Valid: 2 tenants, 1 catalog, 1 product, 2 stores, 6 images (11 warnings)');
    expect(result.stderr).not.toMatch(/FM-100.* is 0/);
    expect(result.status).toBe(0);
  });
});

describe('warnings of one kind', () => {
  it('prints more than 3 under one heading with their count, each place on its own line with only what is its own', async () => {
    const result = await runInProcess(runValidate, ['--root', project('many-short-codes', 'warning')]);
    const lines = result.stderr.split('\n');
    const heading =
      '5 warnings: bypass codes shorter than 10 characters: a bypass code places orders without payment, so choose at least 10 characters that are not easy to guess';
    expect(lines.filter((line) => line.includes('bypass code'))).toEqual([
      heading,
      'tenants/solo.yaml:13:16  bypass_codes[0]  warning: bypass code of only 6 characters',
      'tenants/solo.yaml:13:24  bypass_codes[1]  warning: bypass code of only 6 characters',
      'tenants/solo.yaml:13:32  bypass_codes[2]  warning: bypass code of only 6 characters',
      'tenants/solo.yaml:13:40  bypass_codes[3]  warning: bypass code of only 6 characters',
      'tenants/solo.yaml:13:48  bypass_codes[4]  warning: bypass code of only 6 characters',
    ]);
    expect(lines.indexOf(heading) + 1).toBe(lines.indexOf('tenants/solo.yaml:13:16  bypass_codes[0]  warning: bypass code of only 6 characters'));
    // Three of a kind or fewer keep their whole sentence.
    expect(lines).toContain(
      'tenants/guardian.yaml:29:17  admin_password  warning: "change-me" is a placeholder or the tenant\'s id; it unlocks the group\'s order history, so choose at least 10 characters that are not easy to guess',
    );
    expect(result.stdout.trim()).toBe('Valid: 2 tenants, 1 catalog, 3 products, 3 stores, 11 images (20 warnings)');
    expect(result.status).toBe(0);
  });

  it('never groups errors: each keeps its whole sentence beside a group of warnings', async () => {
    const result = await runInProcess(runValidate, ['--root', project('missing-image')]);
    expect(result.stderr).toContain(`11 warnings: ${SMALL_IMAGES}`);
    expect(errorLines(result.stderr)).toEqual(EXPECTED['missing-image']);
  });
});

describe('colours', () => {
  it('refuses a colour one product spells almost like the others, and the photo of the usual spelling points at the colour, not at a rename', async () => {
    const result = await runInProcess(runValidate, ['--root', project('colour-typo')]);
    expect(result.status).toBe(1);
    expect(diagnosticLines(result.stderr).filter((line) => line.startsWith('catalogs/') && !isStandInSize(line))).toEqual([
      ...EXPECTED['colour-typo']!,
      'catalogs/images/K540_forest_green.jpg:1:1  (file)  warning: no product colour or half colour uses this image: K540 in catalogs/default.yaml names "Forrest Green" (products[3].colors[0]), which 2 other products spell "Forest Green"; correct the colour there rather than renaming this photo',
    ]);
  });

  it('renaming the photo to the lone spelling does not make it valid; confirming the colour in distinct_colors does', async () => {
    const root = fixtureProject('colour-typo');
    const images = path.join(root, 'catalogs/images');
    renameSync(path.join(images, 'K540_forest_green.jpg'), path.join(images, 'K540_forrest_green.jpg'));
    const renamed = await runInProcess(runValidate, ['--root', root]);
    expect(renamed.status).toBe(1);
    expect(errorLines(renamed.stderr)).toEqual([EXPECTED['colour-typo']![0]]);

    const file = path.join(root, 'catalogs/default.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('    colors: [Forrest Green]\n', '    colors: [Forrest Green]\n    distinct_colors: [Forrest Green]\n'),
    );
    const confirmed = await runInProcess(runValidate, ['--root', root]);
    expect(errorLines(confirmed.stderr)).toEqual([]);
    expect(confirmed.status).toBe(0);
  });
});

describe('images', () => {
  it('names every unreadable, truncated, too small and unused image at once, where the data uses it', async () => {
    const result = await runInProcess(runValidate, ['--root', project('unusable-images')]);
    expect(diagnosticLines(result.stderr).filter((line) => line.startsWith('catalogs/') && !isStandInSize(line))).toEqual([
      // Grouped with the stand-ins' warnings of its kind, which come first.
      'catalogs/default.yaml:25:14  products[2].colors[0]  warning: catalogs/images/FM-100_white.jpg is 120×90, the item page shows it at 960 px wide',
      'catalogs/default.yaml:9:14  products[0].colors[0]  catalogs/images/K500_navy.jpg: not a readable image (cut off or damaged: its header is whole but its picture data is not)',
      'catalogs/default.yaml:9:20  products[0].colors[1]  catalogs/images/K500_black.jpg: not a readable image (Input buffer contains unsupported image format)',
      'catalogs/images/PLT-AL_black-red.jpg:1:1  (file)  warning: no product colour or half colour uses this image (did you mean "PLT-AL_black_red.jpg"?)',
    ]);
    expect(result.stderr).toMatch(/^2 errors in 1 file, \d+ warnings\. Fix them and run again\.$/m);
    expect(result.status).toBe(1);
  });

  it('does not say an image is unused when a data file that may use it cannot be read', async () => {
    const result = await runInProcess(runValidate, ['--root', project('unreadable-tenant')]);
    expect(result.stderr).not.toContain('uses this image');
  });
});

describe('warnings about secrets', () => {
  it("warns about short codes and store passwords, and a code that shares its start with another group's", async () => {
    const result = await runInProcess(runValidate, ['--root', project('weak-secrets', 'warning')]);
    const solo = diagnosticLines(result.stderr).filter((line) => line.startsWith('tenants/solo.yaml') && !isStandInSize(line));
    expect(solo).toEqual([
      "tenants/solo.yaml:2:1  (file)  warning: no password: only its admins (admin_password) can see this group's order history",
      "tenants/solo.yaml:12:71  stores[0].password  warning: store password of only 6 characters; it opens the store's custom products to order, so choose at least 10 characters that are not easy to guess",
      'tenants/solo.yaml:13:16  bypass_codes[0]  warning: bypass code of only 9 characters; it places orders without payment, so choose at least 10 characters that are not easy to guess',
      'tenants/solo.yaml:13:16  bypass_codes[0]  warning: shares "NET30…" with a secret of tenants/guardian.yaml; anyone who knows one can guess the other, so make each group\'s secrets unrelated',
    ]);
    expect(diagnosticLines(result.stderr)).toContainEqual(
      expect.stringMatching(/^tenants\/guardian.yaml:\d+:\d+  bypass_codes\[0\]  warning: shares "NET30…" with a secret of tenants\/solo.yaml/),
    );
    expect(result.status).toBe(0);
  });
});

describe('npm run build on broken data', () => {
  // Every case builds over the same previous dist/: the digest after each proves it unchanged, so
  // the next one starts from the same bytes, and the first case that changes it fails, by name.
  let parent = '';
  let outDir = '';
  let before = '';
  beforeAll(async () => {
    const previous = await previousBuild;
    expect(previous.result.status, previous.result.stderr).toBe(0);
    ({ parent, outDir } = previous);
    before = treeDigest(outDir);
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(existsSync(path.join(outDir, 'guardian', 'index.html'))).toBe(true);
  }, 300_000);

  it.each(Object.keys(EXPECTED))('%s: leaves the previous dist/ byte-for-byte unchanged', async (name) => {
    const result = await runInProcess(runBuild, ['--root', project(name), '--out-dir', outDir]);

    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual(EXPECTED[name]);
    expect(treeDigest(outDir)).toBe(before);
    expect(readdirSync(parent)).toEqual(['dist']);
  });
});
