import { describe, expect, it } from 'vitest';
import { PersonTurns } from './person-turns';

/** A clock that moves only when the turns wait, and what they waited for. */
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    get now() {
      return now;
    },
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

describe('a person’s turns', () => {
  it('let a burst go at once, then hold the person’s snapshots to their rate', async () => {
    const fake = fakeClock();
    const turns = new PersonTurns(1_000, 2_000, fake.clock);
    await turns.take(1_500);
    await turns.take(500);
    expect(fake.waits).toEqual([]);
    // The bucket is empty: the next chunk goes, and the one after waits until it is paid for.
    await turns.take(700);
    expect(fake.waits).toEqual([]);
    await turns.take(100);
    expect(fake.waits).toEqual([700]);
    // Ten more chunks of 1,000 bytes: over the whole run no more than burst + rate × time.
    for (let n = 0; n < 10; n += 1) await turns.take(1_000);
    const sent = 1_500 + 500 + 700 + 100 + 10_000;
    expect(sent).toBeLessThanOrEqual(2_000 + 1_000 * (fake.now / 1000) + 1_000);
    expect(fake.now).toBeGreaterThanOrEqual(9_000);
  });

  it('take their turns in the order they were asked, across the person’s sockets', async () => {
    const fake = fakeClock();
    const turns = new PersonTurns(1_000, 1_000, fake.clock);
    const order: string[] = [];
    await Promise.all([
      turns.take(3_000).then(() => order.push('big chunk')),
      turns.take().then(() => order.push('a message')),
      turns.take(10).then(() => order.push('small chunk')),
    ]);
    // The message waits behind the chunk the person sent before it, then goes without paying.
    expect(order).toEqual(['big chunk', 'a message', 'small chunk']);
    expect(fake.waits).toEqual([2_000]);
  });
});
