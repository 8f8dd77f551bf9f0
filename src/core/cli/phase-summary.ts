import path from 'node:path';
import type { BuildPhase, PhaseOutcome } from '../generator/build-progress.ts';

/** How each phase is named on screen. */
export const PHASE_LABELS: Record<BuildPhase, string> = {
  validate: 'validate',
  images: 'images',
  bundle: 'client bundle',
  pages: 'pages',
  write: 'write',
};

/** What a finished phase did, in words: the CI line and the finished bar say the same. */
export function phaseSummary(outcome: PhaseOutcome): string {
  switch (outcome.phase) {
    case 'validate':
      return `${plural(outcome.tenants, 'tenant')} valid${outcome.warnings ? ` (${plural(outcome.warnings, 'warning')})` : ''}`;
    case 'images':
      return `${plural(outcome.variants, 'variant')} (${outcome.encoded} encoded, ${outcome.reused} reused)`;
    case 'bundle':
      return outcome.cached ? 'reused from the cache' : 'bundled';
    case 'pages':
      return `${plural(outcome.pages, 'page')} of ${plural(outcome.sites - 1, 'tenant')} and the entry site${outcome.unchanged ? ` (${outcome.unchanged} unchanged since the last build, reused)` : ''}`;
    case 'write':
      return `swapped into ${path.relative(process.cwd(), outcome.outDir) || '.'}/`;
  }
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
