import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, renameSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { stableJson } from '../../stable-json.ts';
import { preparePageFolder } from './recycled-folder.ts';
import { sharedDigest } from './shared-digest.ts';
import { CANNOT_LINK } from '../images/publish-file.ts';
import type { FileDigest } from '../shared/file-digest-cache.ts';
import { writeDigested } from '../shared/written-file.ts';

/** Bump when the build writes different pages from the same inputs and code (there is no such change today). */
const PAGE_REVISION = 1;

/**
 * Where a page rendered now goes: its file in dist/, its place in the store (none without a
 * store), and the same page's file in the output before last, whose folder it may take
 * (recycled-folder.ts; none when there is no such output).
 */
export interface PageSlot {
  target: string;
  stored?: string;
  recycled?: string;
}

/**
 * What a page is made from (render-tenant.tsx's tenantPages): the tenant's frame, shared by its
 * pages, what the page shows (one object shared by the pages made from the whole catalog) and
 * the page's own small parts.
 */
export interface PageInputs {
  frame: unknown;
  shows: unknown;
  [part: string]: unknown;
}

/**
 * Rendered pages by the digest of what they are made from, in the repository's
 * `.cache/pages/`, shared by every build of every data folder. A page whose inputs hash the same
 * as a page rendered before is hard-linked from the store instead of rendered: a one-product
 * edit renders only the pages that show that product. The code that renders is part of the
 * digest through `code` (the client bundle's folder name, a digest of src/ and the lockfile).
 * Safe to link because the build writes into a page file in place only when nothing else links
 * it (recycled-folder.ts).
 */
export class PageCache {
  /** `dir` undefined: every page rendered and written, nothing kept (`npm run build -- --no-page-cache`). */
  constructor(
    private readonly dir: string | undefined,
    private readonly code: string,
  ) {}

  /**
   * Links the page rendered before from equal inputs to `target` (or leaves it to `carried`, which
   * takes the previous output's folder of it), and answers undefined; when
   * there is none, answers the slot where the page rendered now goes (keepPage()). The inputs
   * are asked for only with a store: without one, working them out is wasted on every page.
   */
  link(inputs: () => PageInputs, target: string, recycled?: string, carried?: (stored: Stats) => boolean): PageSlot | undefined {
    if (this.dir === undefined) return { target, recycled };
    const key = this.key(inputs());
    const stored = path.join(this.dir, key.slice(0, 2), `${key}.html`);
    const kept = statSync(stored, { throwIfNoEntry: false });
    if (!kept) return { target, stored, recycled };
    // The previous output's folder of the page is this very file: it is moved over at the swap (carried-pages.ts).
    if (carried?.(kept)) return undefined;
    preparePageFolder(target, recycled, false);
    linkOrCopy(stored, target);
    return undefined;
  }

  /** Whether pages rendered now are kept in a store, from which later builds link them. */
  get keeps(): boolean {
    return this.dir !== undefined;
  }

  /** The digest of a page's frame: the tenant's, one object for all its pages. */
  frameDigest({ frame }: PageInputs): string {
    return this.partDigest(frame);
  }

  private key({ frame, shows, ...page }: PageInputs): string {
    return createHash('sha256')
      .update(stableJson({ revision: PAGE_REVISION, code: this.code, frame: this.partDigest(frame), shows: this.showsDigest(shows), page }))
      .digest('hex');
  }

  /**
   * The frame is one object per tenant, digested once, not once per page. What a page shows is
   * made of shared objects too: a product is one object for every tenant of its catalog, and a
   * picture one object for every page of the tenant naming it (the item page, the catalog pages,
   * the landing page). Each object in it (`{ products: [[product, picture], …] }`) is written out
   * and hashed once a build (sharedParts), not once for each page showing it.
   */
  private partDigest(part: unknown): string {
    return part !== null && typeof part === 'object' ? sharedDigest(part) : stableJson(part);
  }

  private showsDigest(shows: unknown): string {
    return createHash('sha256')
      .update(stableJson(sharedParts(shows, true)))
      .digest('hex');
  }
}

/**
 * What a page shows with each object in it replaced by its shared digest, marked so that no
 * string a page shows can pass for one: `shows` itself and arrays are walked, every other object
 * (a product, a picture, a store) is taken whole.
 */
function sharedParts(value: unknown, top = false): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => sharedParts(item));
  if (!top) return { '#sha256': sharedDigest(value) };
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sharedParts(item)]));
}

/** A hard link where the filesystem allows one (the output on another device: a copy). */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileSync(from, to);
  }
}

/**
 * Writes a page rendered now to its target, keeping it in the store under its inputs' digest, and
 * answers the size and sha256 of what it wrote, so publishing does not read the page back for
 * the manifest. A plain function of plain data, so a render thread can write the pages it renders;
 * it makes the page's folder.
 */
export function keepPage({ target, stored, recycled }: PageSlot, html: string | Buffer): FileDigest {
  // Made by the thread that renders the page, not ahead by the build's: most pages have a folder of their own, and making it is a good part of writing the page.
  const overwrite = preparePageFolder(target, recycled, stored === undefined);
  if (stored === undefined) return writeDigested(target, html, overwrite);
  mkdirSync(path.dirname(stored), { recursive: true });
  // Whole or not at all: a build killed here leaves a temporary file, never a cut-off page under a key.
  const temporary = `${stored}.${process.pid}-${threadId}.tmp`;
  const digest = writeDigested(temporary, html);
  renameSync(temporary, stored);
  linkOrCopy(stored, target);
  return digest;
}
