import { colorSlug, logoImageFile, productBackImageFile, productImageFile } from '../../domain/image-names.ts';
import { colourNearMisses } from './colour-near-misses.ts';
import { asArray, asRecord, asString, asStrings } from './data-shape.ts';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import type { ParsedProject } from './cross-checks.ts';
import { closestMatches } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

/** What a page does with an image, which decides how large it must be (see check-images.ts). */
export type ImageUseKind = 'product' | 'embroidery' | 'company-logo' | 'entry-header';

/** One place in the data that names an image file which exists: where a problem with the file is reported. */
export interface ImageUse {
  /** Relative to the project root: catalogs/images/K500_navy.jpg */
  image: string;
  kind: ImageUseKind;
  /** The data file and path of the value that names the image. */
  file: string;
  path: string;
  /** Where that value is written: asked only for a problem, since a position needs the file's document (yaml-source.ts). */
  locate(): { line: number; col: number };
}

interface ExpectedImage {
  folder: 'catalogs/images' | 'tenants/logos';
  name: string;
  kind: ImageUseKind;
  source: YamlSource;
  at: DataPath;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const COLOR = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * Every image file name the data asks for, with where it is asked for. Values the schema rejects
 * are left out, as cross-checks.ts leaves them out of "no image": their own error says enough.
 */
function expectedImages(project: ParsedProject): ExpectedImage[] {
  const out: ExpectedImage[] = [];
  if (project.supplierFile) {
    const header = asString(asRecord(project.supplierFile.data).entry_header_image);
    if (header) out.push({ folder: 'tenants/logos', name: header, kind: 'entry-header', source: project.supplierFile, at: ['entry_header_image'] });
  }
  for (const source of project.tenants.values()) {
    const tenant = asRecord(source.data);
    const logo = asString(tenant.company_logo);
    if (logo && !logo.includes('/')) out.push({ folder: 'tenants/logos', name: logo, kind: 'company-logo', source, at: ['company_logo'] });
    for (const [category, names] of Object.entries(asRecord(tenant.embroideries))) {
      asArray(names).forEach((name, index) => {
        if (typeof name === 'string' && !name.includes('/'))
          out.push({ folder: 'tenants/logos', name: logoImageFile(name), kind: 'embroidery', source, at: ['embroideries', category, index] });
      });
    }
  }
  for (const source of project.catalogs.values()) {
    asArray(asRecord(source.data).products).forEach((item, index) => {
      const product = asRecord(item);
      const code = asString(product.code);
      if (!code || !CODE.test(code)) return;
      for (const field of ['colors', 'halfColors'] as const) {
        asStrings(product[field]).forEach((color, colorIndex) => {
          if (!COLOR.test(color)) return;
          const at = ['products', index, field, colorIndex];
          out.push({ folder: 'catalogs/images', name: productImageFile(code, color), kind: 'product', source, at });
          // A back picture is optional: expected only where it is, so it is checked and not called unused.
          const back = productBackImageFile(code, color);
          if (project.productImageFiles.has(back)) out.push({ folder: 'catalogs/images', name: back, kind: 'product', source, at });
        });
      }
    });
  }
  return out;
}

/**
 * The uses of images that exist, for the image check: a missing file already has its "no image"
 * error, and a data file with errors of its own is left out until it is fixed, as in cross-checks.ts.
 */
export function imageUses(project: ParsedProject): ImageUse[] {
  return expectedImages(project)
    .filter(({ folder, name, source }) => !project.failed.has(source.file) && filesIn(project, folder).has(name))
    .map(({ folder, name, kind, source, at }) => ({
      image: `${folder}/${name}`,
      kind,
      file: source.file,
      path: formatDataPath(at),
      locate: () => source.locate(at),
    }));
}

function filesIn(project: ParsedProject, folder: ExpectedImage['folder']): ReadonlySet<string> {
  return folder === 'catalogs/images' ? project.productImageFiles : project.logoFiles;
}

/** The warning for an unused image, and the heading of many of them (see printed-diagnostics.ts). */
const UNUSED: Record<ExpectedImage['folder'], { what: string; heading: string }> = {
  'catalogs/images': {
    what: 'no product colour or half colour uses this image',
    heading: 'photos no product colour or half colour uses: often one named for a colour the catalog spells otherwise, or one no longer listed',
  },
  'tenants/logos': {
    what: 'no logo, company logo or entry header image uses this image',
    heading: 'images no logo, company logo or entry header image uses: often one named for a logo spelled otherwise, or one no longer listed',
  },
};

/**
 * Images in catalogs/images/ and tenants/logos/ that nothing uses: usually a photo named for a
 * colour spelled differently in the catalog. Only said when every data file could be read (an
 * unreadable one may be what uses it), and not for a file that differs from an expected name only
 * in capitals, which the "no image" error at the data already names.
 */
export function unusedImages(project: ParsedProject): Diagnostic[] {
  const unreadable = project.failed.size > 0 || project.ignoredTenants.size > 0 || project.ignoredCatalogs.size > 0 || !project.supplierFile;
  if (unreadable) return [];
  const expected = expectedImages(project);
  const misspelt = photosOfUsualSpellings(project);
  const out: Diagnostic[] = [];
  for (const folder of ['catalogs/images', 'tenants/logos'] as const) {
    const names = [...new Set(expected.filter((e) => e.folder === folder).map((e) => e.name))];
    const lowercase = new Set(names.map((name) => name.toLowerCase()));
    const missing = names.filter((name) => !filesIn(project, folder).has(name));
    for (const file of filesIn(project, folder)) {
      if (lowercase.has(file.toLowerCase())) continue;
      const { what, heading } = UNUSED[folder];
      const lone = folder === 'catalogs/images' ? (misspelt.get(file) ?? backOfAnotherColour(project, file)) : undefined;
      const at = { severity: 'warning', file: `${folder}/${file}`, line: 1, col: 1, path: '(file)' } as const;
      if (lone) {
        out.push({ ...at, message: `${what}: ${lone}`, kind: { heading, detail: lone } });
        continue;
      }
      // Names differ mostly in the colour or logo name. An expected name not on disk is the likely
      // intent (a colour spelled differently); otherwise the nearest one it may be a stale copy of.
      const nearest = closestMatches(file, missing, 1)[0] ?? closestMatches(file, names, 1)[0];
      const hint = nearest ? ` (did you mean "${nearest}"?)` : '';
      out.push({ ...at, message: `${what}${hint}`, kind: { heading, detail: nearest ? `did you mean "${nearest}"?` : 'not used' } });
    }
  }
  return out;
}

/**
 * What to say of an unused `<code>_<colour>_back.jpg` whose product exists but has no such colour:
 * the colour, not the photo, is what to look at.
 */
function backOfAnotherColour(project: ParsedProject, file: string): string | undefined {
  if (!file.endsWith('_back.jpg')) return undefined;
  for (const source of project.catalogs.values()) {
    for (const item of asArray(asRecord(source.data).products)) {
      const product = asRecord(item);
      const code = asString(product.code);
      if (!code || !file.startsWith(`${code}_`)) continue;
      const colors = [...asStrings(product.colors), ...asStrings(product.halfColors)];
      const slug = file.slice(code.length + 1, -'_back.jpg'.length);
      if (colors.some((color) => colorSlug(color) === slug)) continue;
      return `a back picture of ${code} in "${slug}", a colour ${code} does not have (${colors.join(', ')}); rename it for one of them, like ${productBackImageFile(code, colors[0] ?? slug)}`;
    }
  }
  return undefined;
}

/**
 * The photos named for the usual spelling of a colour that one product spells otherwise (see
 * colour-near-misses.ts), with what to say instead of suggesting the lone spelling's file name:
 * the photo is right, the colour in the catalog is not.
 */
function photosOfUsualSpellings(project: ParsedProject): Map<string, string> {
  const out = new Map<string, string>();
  for (const source of project.catalogs.values()) {
    const products = asArray(asRecord(source.data).products);
    for (const miss of colourNearMisses(source)) {
      const code = asString(asRecord(products[miss.productIndex]).code);
      if (!code || !CODE.test(code)) continue;
      out.set(
        productImageFile(code, miss.likely),
        `${code} in ${source.file} names "${miss.colour}" (${formatDataPath(miss.at)}), which ${miss.usedBy} other products spell "${miss.likely}"; correct the colour there rather than renaming this photo`,
      );
    }
  }
  return out;
}
