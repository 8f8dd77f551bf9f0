import type { BuildPhase } from './build-progress.ts';

/** The time each phase of one build took, for the progress lines and report.json. */
export class PhaseClock {
  readonly started = performance.now();
  readonly ms: Record<BuildPhase, number> = { validate: 0, images: 0, bundle: 0, pages: 0, write: 0 };

  async timed<T>(phase: BuildPhase, run: () => Promise<T> | T): Promise<T> {
    const from = performance.now();
    const value = await run();
    this.ms[phase] += performance.now() - from;
    return value;
  }

  private running?: { phase: BuildPhase; from: number };

  /** Counts time to `phase` from now until stop(): for a phase that is not one call (the write phase is on both sides of the swap's callback). */
  start(phase: BuildPhase): void {
    this.running = { phase, from: performance.now() };
  }

  stop(): void {
    if (this.running) this.ms[this.running.phase] += performance.now() - this.running.from;
    this.running = undefined;
  }

  rounded(): Record<BuildPhase, number> {
    return Object.fromEntries(Object.entries(this.ms).map(([phase, ms]) => [phase, Math.round(ms)])) as Record<BuildPhase, number>;
  }

  totalMs(): number {
    return Math.round(performance.now() - this.started);
  }
}
