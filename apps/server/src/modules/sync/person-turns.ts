import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Turns of the event loop shared by one person's connections (issue 35): each `take` resolves
 * on a turn of its own, after every earlier caller's. A connection takes one before each
 * message and each snapshot chunk, so a person with ten greedy sockets sends one chunk per
 * turn, as a person with one does, and everyone else (and /healthz) gets the turns between.
 */
export class PersonTurns {
  private last: Promise<void> = Promise.resolve();

  /** `count` turns in a row: a large chunk costs the person as many as its bytes are worth. */
  take(count = 1): Promise<void> {
    const turn = this.last.then(async () => {
      for (let n = 0; n < count; n += 1) await nextTurn();
    });
    this.last = turn;
    return turn;
  }
}

/** What one turn of a person is worth in bytes of snapshot sent. */
export const TURN_BYTES = 256 * 1024;
