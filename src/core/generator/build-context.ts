import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PRODUCTION, type SiteLocation } from '../../site/site-location.ts';
import type { BuildOptions } from './build-options.ts';
import { SILENT_PROGRESS, type BuildProgress } from './build-progress.ts';
import { PhaseClock } from './phase-clock.ts';

/** One build's options with their defaults, and the clock and progress every phase reports to. */
export interface BuildContext {
  root: string;
  repoRoot: string;
  outDir: string;
  only: readonly string[];
  apiOrigin?: string;
  location: SiteLocation;
  allowPlaceholderApi: boolean;
  progress: BuildProgress;
  precompress: boolean;
  reusePages: boolean;
  /** Threads that render pages, the build's own included. */
  renderThreads: number;
  compressionCache?: string;
  imageCache?: string;
  clock: PhaseClock;
}

/** Where the image variants are cached: beside the code unless `--image-cache` says otherwise. */
export function imageCacheDir({ imageCache, repoRoot }: Pick<BuildContext, 'imageCache' | 'repoRoot'>): string {
  return imageCache ?? path.join(repoRoot, '.cache', 'images');
}

export function buildContext(options: BuildOptions): BuildContext {
  return {
    ...options,
    only: options.only ?? [],
    location: options.location ?? PRODUCTION,
    allowPlaceholderApi: options.allowPlaceholderApi ?? false,
    progress: options.progress ?? SILENT_PROGRESS,
    precompress: options.precompress ?? true,
    reusePages: options.reusePages ?? true,
    // One helper thread where there is a second core (page-render-pool.ts); more pay only with more cores than the build's other threads use.
    renderThreads: options.renderThreads ?? Math.min(2, availableParallelism()),
    clock: new PhaseClock(),
  };
}
