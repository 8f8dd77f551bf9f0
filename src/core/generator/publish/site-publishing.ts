import path from 'node:path';
import type { FileDigestCache } from '../reuse/file-digest-cache.ts';
import { publishSite, type KnownFolder } from './publish-site.ts';

export interface SitePublishingOptions {
  precompress: boolean;
  /** Where compressed bytes are kept. */
  cacheDir: string;
  digests: FileDigestCache;
}

/**
 * A site is published (headers, .br/.gz siblings, manifest) as soon as its pages are written, so
 * its compression (on libuv's threads) runs on the other core while the next tenant renders on
 * this one. The report does not count the additions (measureSite).
 */
export class SitePublishing {
  private readonly publishing: Promise<void>[] = [];

  constructor(
    private readonly staging: string,
    private readonly options: SitePublishingOptions,
  ) {}

  whenWritten(id: string, written: Promise<void>, known: KnownFolder | undefined): void {
    const published = written.then(() => publishSite(path.join(this.staging, id), { ...this.options, known }));
    // Awaited after the pages phase, or before the staging folder goes; until then a failure is not unhandled.
    published.catch(() => undefined);
    this.publishing.push(published);
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
