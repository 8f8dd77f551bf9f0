import { normalizeCategoryKey } from '../../domain/categories.ts';
import { decimalsWritten, MAX_PRICE_DECIMALS } from '../../domain/money.ts';
import { colorSlug, logoImageFile, productImageFile } from '../../domain/image-names.ts';
import { KNOWN_SIZE_LABELS, sizeFamily } from '../../domain/size-labels.ts';
import { colourNearMisses, type ColourNearMiss } from './colour-near-misses.ts';
import { asArray, asRecord, asString, asStrings } from './data-shape.ts';
import { checkDiscountTiers } from './discount-tiers.ts';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { orderApiAddressProblem } from './order-api-address.ts';
import { report } from './report-at.ts';
import { closestMatches, didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

/** The files of a project as parsed, before anything is trusted. */
export interface ParsedProject {
  /** tenants/_site.yaml, the supplier-wide facts. */
  supplierFile?: YamlSource;
  /** Keyed by tenant id (the file name), in id order. */
  tenants: Map<string, YamlSource>;
  /** Keyed by catalog id (the file name), in id order. */
  catalogs: Map<string, YamlSource>;
  /** File names present in tenants/logos/ and catalogs/images/. */
  logoFiles: ReadonlySet<string>;
  productImageFiles: ReadonlySet<string>;
  /**
   * Files that have errors of their own (YAML or schema), by file (tenants/solo.yaml), with the
   * paths those errors are at; WHOLE_FILE when nothing in the file can be read.
   */
  failed: ReadonlyMap<string, ReadonlySet<string>>;
  /** Ids of data files that exist but were ignored for their name (solo.yml, Guardian.yaml). */
  ignoredTenants: ReadonlySet<string>;
  ignoredCatalogs: ReadonlySet<string>;
  /** Ids of catalog files that exist but were not read (a load scoped to one catalog): they exist, nothing more is known. */
  unreadCatalogs: ReadonlySet<string>;
}

/** The path of a diagnostic about a file as a whole, and of an error that leaves nothing in it readable. */
export const WHOLE_FILE = formatDataPath([]);

/**
 * The rules a JSON Schema cannot express: references between files, images on disk, exact decimals.
 *
 * Only causes are reported. A file with errors of its own (unreadable, or failing its schema) is
 * left out of every comparison with other files, and no check reads a value its own errors are
 * about, so one typo prints its error, not a screenful about files that are fine; what those
 * checks would find is reported once the file is fixed.
 */
export function crossCheck(project: ParsedProject): Diagnostic[] {
  const all = [
    ...checkSupplierFile(project),
    ...checkTenants(project),
    ...checkSecretPatterns(project),
    ...checkOrderApiAddresses(project),
    ...checkCatalogs(project),
  ];
  return all.filter((d) => !repeatsOwnError(d, project.failed.get(d.file)));
}

/** Whether a diagnostic is about a value at or inside one its file's own errors already points at. */
function repeatsOwnError(d: Diagnostic, errorPaths: ReadonlySet<string> | undefined): boolean {
  if (!errorPaths) return false;
  for (const at of errorPaths) {
    if (at === WHOLE_FILE || d.path === at || d.path.startsWith(`${at}.`) || d.path.startsWith(`${at}[`)) return true;
  }
  return false;
}

/** A tenant whose file has errors of its own: what it says about other files cannot be trusted yet. */
function hasOwnErrors(project: ParsedProject, source: YamlSource): boolean {
  return project.failed.has(source.file);
}

/**
 * Whether every tenant file was read and passed its schema, so that the tenants' stores and
 * catalogs are all known: otherwise a store code or a catalog that looks unused may be in the file
 * that could not be read.
 */
function allTenantsKnown(project: ParsedProject): boolean {
  return project.ignoredTenants.size === 0 && ![...project.tenants.values()].some((source) => hasOwnErrors(project, source));
}

function missingFile(folder: string, name: string, present: ReadonlySet<string>, suggestion = didYouMean(name, [...present], 2)): string {
  const sameButCase = [...present].find((file) => file.toLowerCase() === name.toLowerCase());
  if (sameButCase) return `no image ${folder}/${name}: found "${sameButCase}", but file names must match exactly, capitals included`;
  // Image names differ mostly in the colour, so by default only a near-identical name is worth suggesting.
  return `no image ${folder}/${name}${suggestion}`;
}

/**
 * "No image" for a product's colour. The photo meant is most likely one of the same product's
 * (another product's photo is another garment), so those are offered first, as far apart as a
 * mistyped colour; another product's photo only when it is nearly the same name (a mistyped code).
 * For a lone colour spelled almost like the catalog's usual one, it names the photo of the usual
 * spelling, so that the colour is corrected rather than the right photo renamed.
 */
function missingProductPhoto(code: string, color: string, present: ReadonlySet<string>, nearMiss: ColourNearMiss | undefined): string {
  const file = productImageFile(code, color);
  const usual = nearMiss && productImageFile(code, nearMiss.likely);
  if (usual && present.has(usual)) {
    return `no image catalogs/images/${file}; this product has the photo ${usual} for "${nearMiss!.likely}", the spelling ${nearMiss!.usedBy} other products use`;
  }
  const own = [...present].filter((name) => name.startsWith(`${code}_`));
  const suggestion = didYouMean(file, own, Math.max(2, Math.floor(colorSlug(color).length / 3))) || didYouMean(file, [...present], 2);
  return missingFile('catalogs/images', file, present, suggestion);
}

/** A warning that may come many times over, with the heading of its kind and its own part (see printed-diagnostics.ts). */
function kindOf(diagnostic: Diagnostic, heading: string, detail: string): Diagnostic {
  return { ...diagnostic, kind: { heading, detail } };
}

function checkSupplierFile({ supplierFile, logoFiles }: ParsedProject): Diagnostic[] {
  if (!supplierFile) return [];
  const header = asString(asRecord(supplierFile.data).entry_header_image);
  if (header && !logoFiles.has(header)) return [report(supplierFile, 'error', ['entry_header_image'], missingFile('tenants/logos', header, logoFiles))];
  return [];
}

const PLACEHOLDER_SECRETS = new Set(['change-me', 'changeme', 'password', 'admin', 'secret']);

/** Why a tenant or admin password is weak, or undefined. */
function secretWeakness(secret: string, tenantId: string): string | undefined {
  const lower = secret.toLowerCase();
  if (PLACEHOLDER_SECRETS.has(lower) || lower === tenantId.toLowerCase()) return `"${secret}" is a placeholder or the tenant's id`;
  if (secret.length < 10) return `only ${secret.length} characters`;
  return undefined;
}

/** Every secret of a tenant file, with where it is. */
function tenantSecrets(tenant: Record<string, unknown>): { path: DataPath; secret: string }[] {
  const out: { path: DataPath; secret: string }[] = [];
  for (const key of ['password', 'admin_password'] as const) {
    const secret = asString(tenant[key]);
    if (secret) out.push({ path: [key], secret });
  }
  asArray(tenant.bypass_codes).forEach((code, index) => typeof code === 'string' && out.push({ path: ['bypass_codes', index], secret: code }));
  asArray(tenant.stores).forEach((store, index) => {
    const password = asString(asRecord(store).password);
    if (password) out.push({ path: ['stores', index, 'password'], secret: password });
  });
  return out;
}

/** How many characters two secrets share at their start or their end, whichever is longer (case ignored). */
function sharedPart(a: string, b: string): string {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let end = 0;
  while (end < x.length && end < y.length && x[x.length - 1 - end] === y[y.length - 1 - end]) end++;
  return start >= end ? `${a.slice(0, start)}…` : `…${a.slice(a.length - end)}`;
}

/** Shared parts shorter than this are coincidence; longer ones let one group's secret suggest another's. */
const PATTERN_LENGTH = 5;

/**
 * A secret that shares a pattern with another group's (NET30GUARD, NET30HEN) can be guessed by
 * anyone who knows one of them: each is warned about once, naming the other file.
 */
function checkSecretPatterns(project: ParsedProject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const all = [...project.tenants]
    .filter(([, source]) => !hasOwnErrors(project, source))
    .flatMap(([id, source]) => tenantSecrets(asRecord(source.data)).map((entry) => ({ ...entry, id, source })));
  for (const entry of all) {
    const other = all.find((candidate) => candidate.id !== entry.id && sharedPart(entry.secret, candidate.secret).length - 1 >= PATTERN_LENGTH);
    if (!other) continue;
    const detail = `shares "${sharedPart(entry.secret, other.secret)}" with a secret of tenants/${other.id}.yaml`;
    const advice = "anyone who knows one can guess the other, so make each group's secrets unrelated";
    out.push(kindOf(report(entry.source, 'warning', entry.path, `${detail}; ${advice}`), `secrets that share a part with another group's: ${advice}`, detail));
  }
  return out;
}

/** A server_hostname no storefront can order through: the template's example, or http away from localhost. */
function checkOrderApiAddresses(project: ParsedProject): Diagnostic[] {
  return [...project.tenants.values()].flatMap((source) => {
    const address = asString(asRecord(source.data).server_hostname);
    const problem = address === undefined ? undefined : orderApiAddressProblem(address);
    return problem === undefined ? [] : [report(source, 'warning', ['server_hostname'], problem)];
  });
}

function checkTenants(project: ParsedProject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const prefixOwner = new Map<string, string>();
  const passwordOwner = new Map<string, string>();
  const companyOwner = new Map<string, string>();

  for (const [id, source] of project.tenants) {
    const tenant = asRecord(source.data);
    // Uniqueness is compared only between files without errors of their own: a clash with a file
    // being fixed would otherwise be reported on whichever of the two comes second, often the good one.
    const comparable = !hasOwnErrors(project, source);

    const catalog = asString(tenant.catalog);
    // A catalog file ignored for its name (default.yml, Default.yaml) already has its error.
    const ignoredCatalog = catalog !== undefined && [...project.ignoredCatalogs].some((ignored) => ignored.toLowerCase() === catalog.toLowerCase());
    if (catalog && !project.catalogs.has(catalog) && !project.unreadCatalogs.has(catalog) && !ignoredCatalog) {
      const known = [...project.catalogs.keys(), ...project.unreadCatalogs];
      out.push(
        report(
          source,
          'error',
          ['catalog'],
          `no catalog "${catalog}": catalogs/${catalog}.yaml does not exist${didYouMean(catalog, known) || ` (catalogs: ${known.join(', ')})`}`,
        ),
      );
    }

    const logo = asString(tenant.company_logo);
    if (logo && !project.logoFiles.has(logo)) out.push(report(source, 'error', ['company_logo'], missingFile('tenants/logos', logo, project.logoFiles)));

    const prefix = asString(tenant.route_prefix);
    if (prefix && comparable) {
      const owner = prefixOwner.get(prefix);
      if (owner)
        out.push(report(source, 'error', ['route_prefix'], `route prefix "${prefix}" is already used by tenants/${owner}.yaml; each prefix must be unique`));
      else prefixOwner.set(prefix, id);
    }

    // The order API finds a tenant by the companyName the storefront sends.
    const company = asString(tenant.company_name);
    if (company && comparable) {
      const owner = companyOwner.get(company);
      if (owner)
        out.push(
          report(
            source,
            'error',
            ['company_name'],
            `company name "${company}" is already used by tenants/${owner}.yaml; the order API tells tenants apart by it`,
          ),
        );
      else companyOwner.set(company, id);
    }

    const password = asString(tenant.password);
    if (password && comparable) {
      const owner = passwordOwner.get(password);
      if (owner)
        out.push(
          report(source, 'error', ['password'], `the same entry password as tenants/${owner}.yaml: the entry screen could not tell which store to open`),
        );
      else passwordOwner.set(password, id);
    }

    // The order API lists a group's orders to whoever has its password: without one, only to its admins.
    // A password written as something other than non-empty text has its schema error; calling it
    // missing would only repeat that.
    const malformedPassword = (['password', 'admin_password'] as const).some((key) => tenant[key] !== undefined && !asString(tenant[key]));
    if (!malformedPassword && !password && !asString(tenant.admin_password))
      out.push(report(source, 'warning', [], "no password and no admin_password: nobody can see this group's order history"));
    else if (!malformedPassword && !password)
      out.push(report(source, 'warning', [], "no password: only its admins (admin_password) can see this group's order history"));
    for (const key of ['password', 'admin_password'] as const) {
      const secret = asString(tenant[key]);
      const weakness = secret === undefined ? undefined : secretWeakness(secret, id);
      const advice = "it unlocks the group's order history, so choose at least 10 characters that are not easy to guess";
      if (weakness)
        out.push(kindOf(report(source, 'warning', [key], `${weakness}; ${advice}`), `weak passwords: a password ${advice.replace(/^it /, '')}`, weakness));
    }

    asArray(tenant.bypass_codes).forEach((code, index) => {
      if (typeof code === 'string' && code.length < 10) {
        const detail = `bypass code of only ${code.length} characters`;
        const advice = 'it places orders without payment, so choose at least 10 characters that are not easy to guess';
        out.push(
          kindOf(
            report(source, 'warning', ['bypass_codes', index], `${detail}; ${advice}`),
            `bypass codes shorter than 10 characters: a bypass code ${advice.replace(/^it /, '')}`,
            detail,
          ),
        );
      }
    });
    asArray(tenant.stores).forEach((store, index) => {
      const { code, password } = asRecord(store);
      // A password equal to the store's code is warned about below, as a gate that keeps nobody out.
      if (typeof password === 'string' && password.length < 10 && password !== code) {
        const detail = `store password of only ${password.length} characters`;
        const advice = "it opens the store's custom products to order, so choose at least 10 characters that are not easy to guess";
        out.push(
          kindOf(
            report(source, 'warning', ['stores', index, 'password'], `${detail}; ${advice}`),
            `store passwords shorter than 10 characters: a store password ${advice.replace(/^it /, '')}`,
            detail,
          ),
        );
      }
    });
    // Without recipients an order is stored but nobody hears of it.
    // Recipients written as something other than a list have their schema error instead.
    const recipients = tenant.email_recipients;
    if (recipients === undefined || (Array.isArray(recipients) && recipients.length === 0))
      out.push(report(source, 'warning', [], 'no email_recipients: nobody is e-mailed when this group places or pays an order'));

    const codeIndex = new Map<string, number>();
    asArray(tenant.stores).forEach((store, index) => {
      const code = asString(asRecord(store).code);
      if (!code) return;
      const first = codeIndex.get(code.toUpperCase());
      if (first !== undefined)
        out.push(
          report(source, 'error', ['stores', index, 'code'], `store code "${code}" is already used by stores[${first}]; codes must be unique within a tenant`),
        );
      else codeIndex.set(code.toUpperCase(), index);
    });

    // The spec's data does this for one tenant; it is allowed, but the gate then keeps nobody
    // out, since every store's code is in its public address (catalog/<code>/customs/).
    const open = asArray(tenant.stores).flatMap((store, index) => {
      const { code, password } = asRecord(store);
      return typeof code === 'string' && typeof password === 'string' && code.toUpperCase() === password.toUpperCase() ? [{ index, code }] : [];
    });
    if (open.length > 0) {
      const [first] = open;
      const whose = open.length === 1 ? `store "${first!.code}" has its code as its password` : `${open.length} stores have their code as their password`;
      out.push(
        report(
          source,
          'warning',
          ['stores', first!.index, 'password'],
          `${whose}; a store's code is public in its address (catalog/<code>/customs/), so that password keeps nobody out`,
        ),
      );
    }

    for (const [category, names] of Object.entries(asRecord(tenant.embroideries))) {
      asArray(names).forEach((name, index) => {
        if (typeof name !== 'string' || name.includes('/')) return;
        const file = logoImageFile(name);
        if (!project.logoFiles.has(file))
          out.push(report(source, 'error', ['embroideries', category, index], missingFile('tenants/logos', file, project.logoFiles)));
      });
    }
    if ('tshirt' in asRecord(tenant.embroideries) && 'tshirts' in asRecord(tenant.embroideries)) {
      out.push(
        report(
          source,
          'error',
          ['embroideries', 'tshirt'],
          `both "tshirt" and "${normalizeCategoryKey('tshirt')}" are listed; they are the same category, keep one`,
          true,
        ),
      );
    }
  }
  return out;
}

function allStoreCodes(project: ParsedProject): Set<string> {
  const codes = new Set<string>();
  for (const source of project.tenants.values()) {
    for (const store of asArray(asRecord(source.data).stores)) {
      const code = asString(asRecord(store).code);
      if (code) codes.add(code);
    }
  }
  return codes;
}

function checkCatalogs(project: ParsedProject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const storeCodes = allStoreCodes(project);
  const usedCatalogs = new Set([...project.tenants.values()].map((t) => asString(asRecord(t.data).catalog)));
  // A store code or a catalog's user may be in a tenant file that could not be read or checked.
  const tenantsKnown = allTenantsKnown(project);

  for (const [id, source] of project.catalogs) {
    // A number written with too many decimals is a point and that many digits somewhere in the
    // text: a file without (most) is not asked for the text of each price, which needs its document.
    const priceDecimals = TOO_MANY_DECIMALS.test(source.text) ? checkPriceDecimals : () => [];
    const catalog = asRecord(source.data);
    if (tenantsKnown && !usedCatalogs.has(id)) out.push(report(source, 'warning', [], `no tenant uses catalog "${id}"`));
    const codeIndex = new Map<string, number>();
    const codeIndexIgnoringCase = new Map<string, number>();
    const nearMisses = colourNearMisses(source);
    for (const miss of nearMisses) {
      const detail = `"${miss.colour}" is used by this product only, and "${miss.likely}" by ${miss.usedBy} products`;
      out.push(
        kindOf(
          report(
            source,
            'error',
            miss.at,
            `${detail}; if it is the same colour, write "${miss.likely}"; if it is another colour, confirm it with distinct_colors: [${miss.colour}] on this product`,
          ),
          "colours one product spells almost like a colour other products use: if it is the same colour, spell it as they do; if not, list it in the product's distinct_colors",
          detail,
        ),
      );
    }

    asArray(catalog.products).forEach((item, index) => {
      const product = asRecord(item);
      const at = (...rest: (string | number)[]): DataPath => ['products', index, ...rest];

      const code = asString(product.code);
      if (code) {
        const first = codeIndex.get(code);
        const sameButCase = codeIndexIgnoringCase.get(code.toUpperCase());
        if (first !== undefined)
          out.push(report(source, 'error', at('code'), `product code "${code}" is already used by products[${first}]; codes must be unique within a catalog`));
        else if (sameButCase !== undefined) {
          const other = asString(asRecord(asArray(catalog.products)[sameButCase]).code);
          // Photo names carry the code, and disks that ignore capitals would give both products one photo.
          out.push(
            report(
              source,
              'error',
              at('code'),
              `product code "${code}" differs from "${other}" (products[${sameButCase}]) only in capitals; codes must differ in more than capitals, or their photos and orders are mixed up`,
            ),
          );
        }
        if (first === undefined) codeIndex.set(code, index);
        if (sameButCase === undefined) codeIndexIgnoringCase.set(code.toUpperCase(), index);
      }

      const colors = asStrings(product.colors);
      const defaultColor = asString(product.default_color);
      if (defaultColor && colors.length > 0 && !colors.includes(defaultColor)) {
        out.push(report(source, 'error', at('default_color'), `"${defaultColor}" is not one of this product's colors (${colors.join(', ')})`));
      }

      if (code && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(code)) {
        for (const [field, list] of [
          ['colors', product.colors],
          ['halfColors', product.halfColors],
        ] as const) {
          asArray(list).forEach((color, colorIndex) => {
            // A colour the schema rejects already has its error; its file name would only add noise.
            if (typeof color !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(color)) return;
            if (project.productImageFiles.has(productImageFile(code, color))) return;
            const nearMiss = field === 'colors' ? nearMisses.find((miss) => miss.productIndex === index && miss.colour === color) : undefined;
            out.push(report(source, 'error', at(field, colorIndex), missingProductPhoto(code, color, project.productImageFiles, nearMiss)));
          });
        }
      }

      const sizes = asRecord(product.sizes);
      for (const label of Object.keys(sizes)) {
        if (!sizeFamily(label)) {
          const close = closestMatches(label, KNOWN_SIZE_LABELS);
          const hint =
            close.length > 0
              ? `; close known labels: ${close.join(', ')}`
              : '; labels are apparel sizes (Small, 2XL), tall sizes (LT), OSFA, tiers (500) or units (# boxes, 5 boxes)';
          out.push(report(source, 'error', at('sizes', label), `unknown size label "${label}"${hint}`, true));
        }
        out.push(...priceDecimals(source, at('sizes', label)));
      }
      asArray(product.discount).forEach((_, discountIndex) => out.push(...priceDecimals(source, at('discount', discountIndex, 'price'))));
      out.push(...checkDiscountTiers(source, product, at()));

      asArray(product.supportedStores).forEach((storeCode, storeIndex) => {
        if (tenantsKnown && typeof storeCode === 'string' && storeCode.length === 6 && !storeCodes.has(storeCode)) {
          out.push(
            report(
              source,
              'error',
              at('supportedStores', storeIndex),
              `no tenant has a store with code "${storeCode}"${didYouMean(storeCode, [...storeCodes])}`,
            ),
          );
        }
      });
    });
  }
  return out;
}

const TOO_MANY_DECIMALS = new RegExp(`\\.\\d{${MAX_PRICE_DECIMALS + 1}}`);

function checkPriceDecimals(source: YamlSource, path: DataPath): Diagnostic[] {
  const written = source.sourceText(path);
  if (written === undefined || !/^\s*\d/.test(written)) return [];
  if (decimalsWritten(written) <= MAX_PRICE_DECIMALS) return [];
  return [report(source, 'error', path, `a price may have at most ${MAX_PRICE_DECIMALS} decimals, got ${written}`)];
}
