import type { BuildProgress } from '../generator/build-progress.ts';
import { PHASE_LABELS, phaseSummary, seconds } from './phase-summary.ts';

/**
 * CI logs and pipes: one line per finished phase with its time. Nothing is printed while a
 * phase runs, since a log cannot redraw a counter and would fill with thousands of lines.
 */
export function plainBuildProgress(write: (line: string) => void = (line) => console.log(line)): BuildProgress {
  return {
    phaseStarted() {},
    imageDone() {},
    siteStarted() {},
    pageDone() {},
    phaseEnded(outcome, ms) {
      write(`${PHASE_LABELS[outcome.phase]}: ${phaseSummary(outcome)} in ${seconds(ms)}`);
    },
  };
}
