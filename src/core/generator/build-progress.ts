/** The build's phases, in the order they run. */
export const BUILD_PHASES = ['validate', 'images', 'bundle', 'pages', 'write'] as const;
export type BuildPhase = (typeof BUILD_PHASES)[number];

/** What a finished phase did, for the line or bar that reports it. */
export type PhaseOutcome =
  | { phase: 'validate'; tenants: number; warnings: number }
  | { phase: 'images'; variants: number; encoded: number; reused: number }
  | { phase: 'bundle'; cached: boolean }
  | {
      phase: 'pages';
      pages: number;
      sites: number /** Tenants made from the same inputs as the previous build, whose folders were reused. */;
      unchanged: number;
    }
  | { phase: 'write'; outDir: string };

/**
 * How the build tells whoever runs it where it is. The build only reports events; the command
 * decides what they look like (bars on a terminal, one line per phase in CI), so tests and
 * other callers can build without any output.
 */
export interface BuildProgress {
  /** A phase began; `total` when its work can be counted in advance (images to prepare). */
  phaseStarted(phase: BuildPhase, total?: number): void;
  /** One more image prepared (encoded or found in the cache). */
  imageDone(): void;
  /** A site's pages are about to be rendered; `site` is a tenant id or the entry site's folder. */
  siteStarted(site: string, pages: number): void;
  /** One more page of `site` rendered and written. */
  pageDone(site: string): void;
  phaseEnded(outcome: PhaseOutcome, ms: number): void;
}

export const SILENT_PROGRESS: BuildProgress = {
  phaseStarted() {},
  imageDone() {},
  siteStarted() {},
  pageDone() {},
  phaseEnded() {},
};
