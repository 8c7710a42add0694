import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/**
 * What one person's sync sockets may cost together (issue 35): each `take` resolves on a turn
 * of the event loop of its own, after every earlier caller's, and once the person's snapshot
 * bytes stay within their rate. A connection takes a turn before each message and before each
 * snapshot chunk, so a person with ten greedy sockets sends no faster than a person with one,
 * and everyone else (and /healthz) gets the turns and the processor time between.
 *
 * The rate is a token bucket: a burst of `burstBytes` goes at once (a first screen, a device's
 * first sync of an ordinary replica), beyond it the person's snapshots go out at
 * `bytesPerSecond`. A chunk larger than what is left is sent and paid for afterwards (the bucket
 * goes into debt), so a chunk never waits for more than the bucket can hold.
 */
export class PersonTurns {
  private last: Promise<void> = Promise.resolve();
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly bytesPerSecond: number,
    /** Four seconds of the rate: a device's first sync of an ordinary replica goes at once. */
    private readonly burstBytes = 4 * bytesPerSecond,
    /** The clock and the wait (tests give their own). */
    private readonly clock: { now(): number; sleep(ms: number): Promise<unknown> } = {
      now: () => performance.now(),
      sleep,
    },
  ) {
    this.tokens = burstBytes;
    this.refilledAt = clock.now();
  }

  /** A turn of its own, once the person may send `bytes` more (0 for a message's handling). */
  take(bytes = 0): Promise<void> {
    const turn = this.last.then(async () => {
      await nextTurn();
      for (;;) {
        this.refill();
        if (this.tokens >= 0) break;
        await this.clock.sleep(Math.ceil((-this.tokens / this.bytesPerSecond) * 1000));
      }
      this.tokens -= bytes;
    });
    this.last = turn;
    return turn;
  }

  private refill(): void {
    const now = this.clock.now();
    const earned = ((now - this.refilledAt) / 1000) * this.bytesPerSecond;
    this.tokens = Math.min(this.burstBytes, this.tokens + earned);
    this.refilledAt = now;
  }
}
