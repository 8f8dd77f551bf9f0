import type { ValidData } from '../validate/validate-phase.ts';
import { ownWarnings } from '../validate/validate-phase.ts';
import type { ImageCounts } from '../images/images-phase.ts';
import type { ReusePlan } from '../reuse/reuse-plan.ts';
import { measureSite, type SiteReport } from '../shared/build-report.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';

export interface SiteReportFacts {
  data: ValidData;
  reuse: ReusePlan;
  imageCounts: ReadonlyMap<string, ImageCounts>;
}

/** A site written now, measured from the manifest publishing wrote for it. */
export function measuredSiteReport({ data, reuse, imageCounts }: SiteReportFacts, id: string, manifest: readonly ManifestEntry[]): SiteReport {
  const site = measureSite(manifest);
  return {
    id,
    pages: site.pages,
    images: { files: site.imageFiles, ...imageCounts.get(id)! },
    bytes: site.bytes,
    warnings: ownWarnings(data, id),
    inputs: reuse.inputDigests.get(id),
    imageFolder: reuse.imageFolderDigests.get(id),
    imageFolderStamp: reuse.imageFolderStamps.get(id),
    frame: reuse.reasons.frameOf(id),
    rendered: reuse.reasons.of(id),
  };
}

/** A site carried from the previous output: what the previous build measured of it. */
export function carriedSiteReport({ data, reuse, imageCounts }: SiteReportFacts, id: string): SiteReport {
  const reused = reuse.previous.get(id)!;
  return {
    ...reused,
    images: { files: reused.images.files, ...imageCounts.get(id)! },
    warnings: ownWarnings(data, id),
    unchanged: true,
    imageFolderStamp: reuse.imageFolderStamps.get(id),
    rendered: { pages: 0, reasons: {} },
  };
}
