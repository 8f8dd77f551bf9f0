// cli-progress is CommonJS: Node gives its exports to ESM only as the default import.
import cliProgress, { type SingleBar } from 'cli-progress';
import type { BuildPhase, BuildProgress, PhaseOutcome } from '../generator/build-progress.ts';
import { PHASE_LABELS, phaseSummary, plural, seconds } from './phase-summary.ts';

interface RowState {
  label: string;
  /** Counted rows show a bar and n/N; the others only that they are running. */
  counted: boolean;
  /** Set when the row's work is over. */
  done?: string;
}

/**
 * A terminal: one row per phase (and per tenant while its pages render), redrawn in place by
 * cli-progress, each row turning into its phase's summary when the phase ends.
 */
export function terminalBuildProgress(stream: NodeJS.WriteStream = process.stdout): BuildProgress & { stop(): void } {
  const bars = new cliProgress.MultiBar({
    stream,
    // The rows are redrawn in place; the cursor stays visible, since a build stopped with
    // Ctrl-C exits from the atomic writer's handler, before cli-progress could show it again.
    hideCursor: false,
    clearOnComplete: false,
    barsize: 24,
    format: (options, params, payload: RowState) => {
      if (payload.done) return `✓ ${payload.label.padEnd(LABEL_WIDTH)} ${payload.done}`;
      const label = `  ${payload.label.padEnd(LABEL_WIDTH)}`;
      if (!payload.counted) return `${label} …`;
      return `${label} ${cliProgress.Format.BarFormat(params.progress, options)} ${params.value}/${params.total}`;
    },
  });
  const rows = new Map<string, { bar: SingleBar; state: RowState }>();
  let active = false;

  const addRow = (key: string, state: RowState, total = 1) => {
    active = true;
    rows.set(key, { bar: bars.create(total, 0, state), state });
  };
  const finishRow = (key: string, done: string) => {
    const row = rows.get(key);
    if (!row) return;
    row.state.done = done;
    row.bar.update(row.bar.getTotal(), row.state);
  };

  return {
    phaseStarted(phase: BuildPhase, total?: number) {
      // Validation prints its own diagnostics and summary; the rows start below them.
      if (phase === 'validate' || phase === 'pages') return;
      addRow(phase, { label: PHASE_LABELS[phase], counted: total !== undefined }, total);
    },
    imageDone() {
      rows.get('images')?.bar.increment();
    },
    siteStarted(site, pages) {
      addRow(`site:${site}`, { label: `pages ${site}`, counted: true }, pages);
    },
    pageDone(site) {
      rows.get(`site:${site}`)?.bar.increment();
    },
    phaseEnded(outcome: PhaseOutcome, ms: number) {
      const done = `${phaseSummary(outcome)} in ${seconds(ms)}`;
      if (outcome.phase === 'validate') {
        console.log(`✓ ${PHASE_LABELS.validate.padEnd(LABEL_WIDTH)} ${done}`);
        return;
      }
      if (outcome.phase === 'pages') {
        for (const [key, row] of rows) if (key.startsWith('site:')) finishRow(key, plural(row.bar.getTotal(), 'page'));
        addRow('pages', { label: PHASE_LABELS.pages, counted: false, done });
        return;
      }
      finishRow(outcome.phase, done);
    },
    stop() {
      if (active) bars.stop();
    },
  };
}

const LABEL_WIDTH = 16;
