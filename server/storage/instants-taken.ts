/** The latest instant given out for each key, forgotten a minute later. */
export class InstantsTaken {
  private readonly latest = new Map<string, number>();
  private nextSweep = 0;

  /** `free`, or the instant after the latest given out for `key` if that is later; remembered as the latest. */
  take(key: string, free: number): number {
    const taken = this.latest.get(key);
    const at = taken !== undefined && taken >= free ? taken + 1 : free;
    this.latest.set(key, at);
    const now = Date.now();
    if (this.latest.size > 1_000 && now >= this.nextSweep) {
      for (const [other, instant] of this.latest) if (instant < now - 60_000) this.latest.delete(other);
      this.nextSweep = now + 1_000;
    }
    return at;
  }
}
