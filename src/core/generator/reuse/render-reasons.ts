import type { Catalog } from '../../../domain/product.ts';
import { sharedDigest } from './shared-digest.ts';
import type { BuildReport, RecordedInputs, RenderedPages } from '../shared/build-report.ts';

/** Why a page is rendered when no input was recorded to compare with: the first build into an output folder. */
export const FIRST_BUILD = 'no earlier build to compare with';
/** `--no-page-cache`: every page is asked for. */
export const EVERY_PAGE_ASKED = 'every page asked for (--no-page-cache)';
/** The client bundle, so the code that renders, changed (its folder name is a digest of src/ and the lockfile). */
export const CODE_CHANGED = 'code';
/** The tenant's frame: its file, the site file's facts it shows, its logos; every page of the tenant shows them. */
export const TENANT_CHANGED = 'tenant';
/** None of the above nor a product it names: a picture, the catalog's price file, a page's title or scripts, or a page missing from the store. */
export const OTHER_CHANGED = 'what it shows';
/** The entry site lists every tenant: it is rendered again when any of them changes. */
export const TENANTS_LISTED = 'the tenants it lists';

/** Product codes in a reason are cut after this many, so a catalog-wide change gives short names. */
const CODES_NAMED = 3;

/**
 * Names why each page a build renders is rendered: which of its recorded inputs differs from what
 * the build before recorded (report.json's `recorded`, and each tenant's `frame`). The page cache
 * decides what is rendered, by the digest of everything a page reads (page-cache.ts); this names
 * the input that made the digest differ, for report.json's `rendered` and the line the build prints.
 */
export class RenderReasons {
  readonly now: RecordedInputs;
  private readonly changedProducts: ReadonlySet<string>;
  private readonly bySite = new Map<string, Map<string, string[]>>();
  private readonly frames = new Map<string, string | undefined>();

  constructor(
    private readonly previous: RecordedInputs | undefined,
    private readonly previousFrames: ReadonlyMap<string, string | undefined>,
    code: string,
    catalogs: Iterable<Catalog>,
    private readonly reusePages: boolean,
  ) {
    this.now = { code, products: productDigests(catalogs) };
    this.changedProducts = new Set(
      previous === undefined ? [] : Object.keys(this.now.products).filter((key) => previous.products[key] !== this.now.products[key]),
    );
  }

  /** The code differs from the previous build's. */
  private get codeChanged(): boolean {
    return this.previous !== undefined && this.previous.code !== this.now.code;
  }

  /** The digest of a tenant's frame now (none without a page cache, which digests nothing). */
  tenantFrame(site: string, frame: string | undefined): void {
    this.frames.set(site, frame);
  }

  frameOf(site: string): string | undefined {
    return this.frames.get(site);
  }

  /** Records that a page of a tenant is rendered now, under the first of its inputs that changed. */
  tenantPage(site: string, catalogId: string, file: string, products: readonly string[]): void {
    this.add(site, file, this.tenantReason(site, catalogId, products));
  }

  /** Records that a page of the entry site is rendered now. */
  entryPage(site: string, file: string): void {
    this.add(site, file, this.general() ?? TENANTS_LISTED);
  }

  /** A site's rendered pages and why, for its report; none for a site carried whole. */
  of(site: string): RenderedPages {
    const reasons = Object.fromEntries([...(this.bySite.get(site) ?? [])].map(([reason, files]) => [reason, [...files].sort()]));
    return { pages: Object.values(reasons).reduce((sum, files) => sum + files.length, 0), reasons };
  }

  /**
   * What changed since the previous build, as the build's summary line names it: the changed
   * products' codes, `tenant <id>` for each tenant whose frame changed, `code`. Empty for a first
   * build or one without a page cache, which compare nothing.
   */
  changed(): string[] {
    if (this.previous === undefined || !this.reusePages) return [];
    const tenants = [...this.frames]
      .filter(([site, frame]) => frame !== undefined && this.previousFrames.get(site) !== frame)
      .map(([site]) => `tenant ${site}`);
    const codes = [...new Set([...this.changedProducts].map((key) => key.slice(key.indexOf('/') + 1)))];
    return [...(this.codeChanged ? [CODE_CHANGED] : []), ...tenants, ...codes];
  }

  private general(): string | undefined {
    if (!this.reusePages) return EVERY_PAGE_ASKED;
    if (this.previous === undefined) return FIRST_BUILD;
    if (this.codeChanged) return CODE_CHANGED;
    return undefined;
  }

  private tenantReason(site: string, catalogId: string, products: readonly string[]): string {
    const general = this.general();
    if (general) return general;
    if (this.frames.get(site) !== this.previousFrames.get(site)) return TENANT_CHANGED;
    const changed = products.filter((code) => this.changedProducts.has(productKey(catalogId, code)));
    if (changed.length === 0) return OTHER_CHANGED;
    return `${changed.length === 1 ? 'product' : 'products'} ${namedCodes(changed)}`;
  }

  private add(site: string, file: string, reason: string): void {
    let reasons = this.bySite.get(site);
    if (!reasons) this.bySite.set(site, (reasons = new Map()));
    let files = reasons.get(reason);
    if (!files) reasons.set(reason, (files = []));
    files.push(file);
  }
}

/** 'K500', 'K500, K510 and K520', 'K500, K510, K520 and 597 more'. */
export function namedCodes(codes: readonly string[]): string {
  if (codes.length <= CODES_NAMED) return codes.length <= 1 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`;
  return `${codes.slice(0, CODES_NAMED).join(', ')} and ${codes.length - CODES_NAMED} more`;
}

function productKey(catalogId: string, code: string): string {
  return `${catalogId}/${code}`;
}

/**
 * Each product's digest by `catalog/code`: short, as they are only compared with the previous
 * build's. The sha256 of its stable JSON, as the pages' keys digest it (sharedDigest): each
 * product is written out once a build for both.
 */
function productDigests(catalogs: Iterable<Catalog>): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const catalog of catalogs) for (const product of catalog.products) digests[productKey(catalog.id, product.code)] = sharedDigest(product).slice(0, 16);
  return digests;
}

/**
 * The build's one line on what it rendered and why: 'K500 changed: 14 pages of 8 tenants
 * rendered, 10,086 carried'. Carried pages are those moved over in unchanged folders or linked
 * from the page cache.
 */
export function renderedSummary({ tenants, entry, changed = [] }: Pick<BuildReport, 'tenants' | 'entry' | 'changed'>): string {
  const sites = [...tenants, entry];
  const rendered = sites.reduce((sum, site) => sum + (site.rendered?.pages ?? 0), 0);
  const pages = sites.reduce((sum, site) => sum + site.pages, 0);
  const renderedTenants = tenants.filter((site) => (site.rendered?.pages ?? 0) > 0).length;
  const reasons = new Set(sites.flatMap((site) => Object.keys(site.rendered?.reasons ?? {})));
  const what =
    changed.length > 0
      ? `${namedCodes(changed)} changed`
      : reasons.has(EVERY_PAGE_ASKED)
        ? 'Every page asked for'
        : reasons.has(FIRST_BUILD)
          ? 'No earlier build to compare with'
          : rendered > 0
            ? 'Pictures or pages changed'
            : 'Nothing changed';
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  return `${what}: ${count(rendered, 'page')} of ${count(renderedTenants, 'tenant')} rendered, ${(pages - rendered).toLocaleString('en-US')} carried`;
}
