// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeLockManager } from '../fake-lock-manager';
import type { Delivery } from '../fake-sync-server';
import type { SyncClient } from '../sync-client';
import { createSyncHarness, thing, THINGS_QUERY } from '../sync-test-harness';

/**
 * Issue 18, the invariant of docs/sync.md "What a tab shows": once a tab has shown a command's
 * effect, it never shows the document without it again, unless a later command changed it, the
 * server rejected it, or someone else's later change overwrote it. Every write here gives the
 * document a value of its own, so a flash back shows as a value (or the absence) coming back
 * after another one was shown; only a rejection may bring an earlier value back.
 *
 * Over random interleavings of commands from several tabs, rejections, other people's writes
 * dropped connections and reloads, with every message delivered after a random number of ticks
 * (in order, as a socket does), every view each tab emits is recorded and checked (a reloaded
 * tab is a new one: its views from its first on).
 */

type Step =
  | { kind: 'put'; tab: number }
  | { kind: 'refused'; tab: number }
  | { kind: 'other' }
  | { kind: 'drop' }
  | { kind: 'reload'; tab: number; ticks: number }
  | { kind: 'wait'; ticks: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('put'), tab: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refused'), tab: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('other') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop') }) },
  // A tab reloads; its screen asks for the document's query some ticks after it started (the
  // route's chunk loads), maybe after the welcome.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reload'),
      tab: fc.nat(2),
      ticks: fc.integer({ min: 0, max: 12 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('wait'), ticks: fc.integer({ min: 0, max: 6 }) }),
  },
) as fc.Arbitrary<Step>;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Delivers in order, each message after 0-3 ticks drawn from the run's random numbers. */
function orderedDelivery(random: () => number): Delivery {
  let chain = Promise.resolve();
  return (deliver) => {
    const ticks = Math.floor(random() * 4);
    chain = chain.then(async () => {
      for (let i = 0; i < ticks; i++) await tick();
      deliver();
    });
  };
}

/** The values one tab showed for the document, consecutive repeats dropped. */
function record(client: SyncClient, shown: (string | null)[]) {
  const note = () => {
    const value = thing(client, 't1');
    const name = value === undefined ? null : String(value.name);
    if (shown.at(-1) !== name) shown.push(name);
  };
  note();
  return client.subscribe(note);
}

/**
 * A value shown again after another one: allowed only when every value shown in between came
 * from a command the server refused (its effect disappears, once).
 */
function flashBacks(shown: readonly (string | null)[], refused: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  shown.forEach((value, index) => {
    const earlier = shown.lastIndexOf(value, index - 1);
    if (earlier < 0) return;
    const between = shown.slice(earlier + 1, index);
    if (between.every((other) => other !== null && refused.has(other))) return;
    problems.push(`${String(value)} again after ${between.join(', ')}`);
  });
  return problems;
}

async function run(tabCount: number, steps: Step[], seed: number): Promise<void> {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const harness = createSyncHarness({
    clientRoles: ['admin'],
    serverRoles: ['user'],
    deliver: orderedDelivery(random),
  });
  // Tabs of one browser: one of them leads (holds the socket), the others follow.
  const locks = new FakeLockManager();
  const tabs = Array.from({ length: tabCount }, () => harness.client({ locks }));
  const shown = tabs.map(() => [] as (string | null)[]);
  const stops = tabs.map((tab, index) => record(tab, shown[index]!));
  const timelines = [...shown];
  const refused = new Set<string>();
  try {
    for (const tab of tabs) tab.watch(THINGS_QUERY);
    await Promise.all(tabs.map((tab) => tab.ready));
    // The screen shows the document's query: its first snapshot is in before the user acts.
    // (A query that starts while a command is in flight gets the command's effect with its
    // snapshot, after the ack; docs/sync.md says so.)
    while (![...tabs[0]!.getSnapshot().queries.values()].some((row) => row.fetched)) await tick();
    let counter = 0;
    for (const next of steps) {
      const value = `v${++counter}`;
      switch (next.kind) {
        case 'put':
          await tabs[next.tab % tabCount]!.command('thing.put', {
            id: 't1',
            data: { name: value },
          });
          break;
        case 'refused':
          refused.add(value);
          await tabs[next.tab % tabCount]!.command('thing.adminPut', {
            id: 't1',
            data: { name: value },
          });
          break;
        case 'other':
          harness.server.write('things', 't1', { name: value });
          break;
        case 'drop':
          harness.server.disconnectAll();
          harness.scheduler.advance(60_000);
          break;
        case 'reload': {
          const index = next.tab % tabCount;
          stops[index]!();
          await tabs[index]!.stop();
          const tab = harness.client({ locks });
          const values: (string | null)[] = [];
          timelines.push(values);
          tabs[index] = tab;
          stops[index] = record(tab, values);
          for (let i = 0; i < next.ticks; i++) await tick();
          tab.watch(THINGS_QUERY);
          break;
        }
        case 'wait':
          for (let i = 0; i < next.ticks; i++) await tick();
          break;
      }
    }
    // Let everything settle: reconnect, push, deliver.
    for (let round = 0; round < 40; round++) {
      harness.scheduler.advance(60_000);
      for (let i = 0; i < 10; i++) await tick();
    }
    timelines.forEach((values, index) => {
      expect(flashBacks(values, refused), `tab ${index}: ${values.join(' > ')}`).toEqual([]);
    });
  } finally {
    stops.forEach((stop) => stop());
    await harness.stopAll();
  }
}

describe('what a tab shows', () => {
  // A save, then a reload before its ack and delta arrive, the screen asking for the query only
  // after the welcome (its chunk loads), over the delays and delivery orders where it happens.
  // The random runs above reach this corner rarely.
  it('keeps a save shown across a reload whose screen asks after the welcome', async () => {
    for (let wait = 2; wait < 6; wait++) {
      for (const ticks of [6, 12]) {
        for (const seed of [1, 3]) {
          const steps: Step[] = [
            { kind: 'put', tab: 0 },
            { kind: 'wait', ticks: wait },
            { kind: 'reload', tab: 0, ticks },
          ];
          await run(1, steps, seed);
        }
      }
    }
  }, 120_000);
  // Several seeds of 15 interleavings each; VIEW_SEED=<n> reruns one that failed.
  const seeds = process.env.VIEW_SEED ? [Number(process.env.VIEW_SEED)] : [20261125, 7, 4242];
  for (const seed of seeds) {
    it(`never flashes back to a state without a shown command (seed ${seed})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          // One tab (a reload leaves no other tab showing the query) to three.
          fc.integer({ min: 1, max: 3 }),
          fc.array(step, { minLength: 3, maxLength: 25 }),
          fc.integer(),
          run,
        ),
        { numRuns: 15, seed },
      );
    }, 120_000);
  }
});
