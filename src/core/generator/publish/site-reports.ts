import type { ValidData } from '../validate/validate-phase.ts';
import { ownWarnings } from '../validate/validate-phase.ts';
import type { ImageCounts } from '../images/images-phase.ts';
import type { ReusePlan } from '../reuse/reuse-plan.ts';
import { measureSite, type SiteReport } from './build-report.ts';
import type { KnownFolder } from './publish-site.ts';

export interface SiteReportFacts {
  data: ValidData;
  reuse: ReusePlan;
  imageCounts: ReadonlyMap<string, ImageCounts>;
}

/** A site written now, measured once every site is written. */
export function measuredSiteReport({ data, reuse, imageCounts }: SiteReportFacts, id: string, siteDir: string, known: KnownFolder | undefined): SiteReport {
  const site = measureSite(siteDir, known);
  return {
    id,
    pages: site.pages,
    images: { files: site.imageFiles, ...imageCounts.get(id)! },
    bytes: site.bytes,
    warnings: ownWarnings(data, id),
    inputs: reuse.inputDigests.get(id),
    imageFolder: reuse.imageFolderDigests.get(id),
  };
}

/** A site carried from the previous output: what the previous build measured of it. */
export function carriedSiteReport({ data, reuse, imageCounts }: SiteReportFacts, id: string): SiteReport {
  const reused = reuse.previous.get(id)!;
  return { ...reused, images: { files: reused.images.files, ...imageCounts.get(id)! }, warnings: ownWarnings(data, id), unchanged: true };
}
