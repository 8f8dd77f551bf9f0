import path from 'node:path';
import type { BuildContext } from '../build-context.ts';
import { BuildInputError } from '../build-input-error.ts';
import type { SitePlan } from '../site-plan.ts';
import { UnusableImagesError, type ImagePipeline } from './index.ts';
import type { PreparedImages } from './site-images.ts';

export interface ImageCounts {
  encoded: number;
  reused: number;
}

export interface ImagesOfSites {
  /** Each site's variants, encoded now or found in the cache: a site's copies count for it. */
  perSite: Map<string, ImageCounts>;
  /** Counted once per distinct image, as the cache holds them. */
  totals: ImageCounts;
}

/** Encodes (or finds in the cache) every variant of every image the sites show. */
export async function imagesPhase(build: BuildContext, plans: readonly SitePlan[], images: ImagePipeline, prepared: PreparedImages): Promise<ImagesOfSites> {
  build.progress.phaseStarted(
    'images',
    plans.reduce((sum, plan) => sum + plan.requests.length, 0),
  );
  const perSite = await build.clock.timed('images', () => prepareEachSite(build, plans, images, prepared));
  const variants = prepared.variantCount();
  const totals = { encoded: images.stats().encoded, reused: variants - images.stats().encoded };
  build.progress.phaseEnded({ phase: 'images', variants, ...totals }, build.clock.ms.images);
  return { perSite, totals };
}

async function prepareEachSite(
  { root, progress }: BuildContext,
  plans: readonly SitePlan[],
  images: ImagePipeline,
  prepared: PreparedImages,
): Promise<Map<string, ImageCounts>> {
  const perSite = new Map<string, ImageCounts>();
  const unusable = new Map<string, string>();
  // One site after the other, so the pipeline's counts before and after are that site's own.
  for (const plan of plans) {
    const before = images.stats();
    // The other sites' images are still tried, so every image that cannot be encoded is named at once.
    await prepared
      .prepareAll(plan.requests, () => progress.imageDone())
      .catch((error: unknown) => {
        if (!(error instanceof UnusableImagesError)) throw error;
        for (const problem of error.problems) unusable.set(problem.file, `${path.relative(root, problem.file).split(path.sep).join('/')}: ${problem.reason}`);
      });
    const after = images.stats();
    perSite.set(plan.id, { encoded: after.encoded - before.encoded, reused: after.reused - before.reused });
  }
  if (unusable.size > 0)
    throw new BuildInputError(
      `images that cannot be used; the previous output is unchanged:\n${[...unusable.values()]
        .sort()
        .map((line) => `  ${line}`)
        .join('\n')}`,
    );
  return perSite;
}
