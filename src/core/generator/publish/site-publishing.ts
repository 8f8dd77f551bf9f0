import path from 'node:path';
import type { FileDigestCache } from '../shared/file-digest-cache.ts';
import type { WrittenFile } from '../shared/written-file.ts';
import { publishSite, type KnownFolder } from './publish-site.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';

export interface SitePublishingOptions {
  precompress: boolean;
  /** Where compressed bytes are kept. */
  cacheDir: string;
  digests: FileDigestCache;
  /** Pages go into the page store too: their digests are kept by inode for the builds that link them (PublishOptions). */
  rememberWritten: boolean;
}

/**
 * A site is published (headers, .br/.gz siblings, manifest) as soon as its pages are written, so
 * its compression (on libuv's threads) runs on the other core while the next tenant renders on
 * this one. The report does not count the additions (measureSite).
 */
export class SitePublishing {
  private readonly publishing: Promise<ManifestEntry[]>[] = [];

  constructor(
    private readonly staging: string,
    private readonly options: SitePublishingOptions,
  ) {}

  /**
   * Publishes the site once `written` (the files written now, with their digests) is done, with
   * the `carried` files the swap moves in (carried-pages.ts); answers its manifest's entries, for the report.
   */
  whenWritten(
    id: string,
    written: Promise<readonly WrittenFile[]>,
    known: KnownFolder | undefined,
    carried: readonly ManifestEntry[] = [],
  ): Promise<ManifestEntry[]> {
    const published = written.then((files) =>
      publishSite(path.join(this.staging, id), {
        ...this.options,
        known,
        carried,
        written: new Map(files.map(({ file, size, sha256 }) => [file, { size, sha256 }])),
        precompressed: new Set(files.filter((file) => file.compressed).map(({ file }) => file)),
      }),
    );
    // Awaited after the pages phase, or before the staging folder goes; until then a failure is not unhandled.
    published.catch(() => undefined);
    this.publishing.push(published);
    return published;
  }

  /** Every site's publishing finished, failed or not: the staging folder may go. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.publishing);
  }

  /** Every site's publishing finished, failed or not, before the first failure is thrown: the staging folder goes then. */
  async finished(): Promise<void> {
    const failed = (await Promise.allSettled(this.publishing)).find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
