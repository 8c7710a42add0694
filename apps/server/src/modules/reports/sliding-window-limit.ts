/**
 * At most `max` events per key within `windowMs` (a sliding window), in memory: one server
 * instance's count, enough to stop a loop or a person mailing the report a hundred times. Keys
 * with nothing left in the window are forgotten, so the map does not grow with time.
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Whether one more event for `key` at `now` stays within the limit (records nothing). */
  allows(key: string, now: number): boolean {
    return this.recent(key, now).length < this.max;
  }

  record(key: string, now: number): void {
    this.events.set(key, [...this.recent(key, now), now]);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (kept.length === 0) this.events.delete(key);
    else this.events.set(key, kept);
    return kept;
  }
}
