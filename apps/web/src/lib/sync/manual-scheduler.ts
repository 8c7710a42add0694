import type { Scheduler } from './sync-runtime';

/** Test support: timers that run only when the test advances the clock. */
export class ManualScheduler implements Scheduler {
  now = 0;
  private nextId = 1;
  private timers: { id: number; at: number; callback: () => void }[] = [];

  setTimeout(callback: () => void, ms: number): number {
    const id = this.nextId++;

    this.timers.push({ id, at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Delays (from now) of the timers waiting, soonest first. */
  delays(): number[] {
    return this.timers.map((timer) => timer.at - this.now).sort((a, b) => a - b);
  }

  /** Moves the clock, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.now = due.at;
      due.callback();
    }
    this.now = end;
  }
}
