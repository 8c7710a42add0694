// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { saveAutocompletionCommand, updateConfigurationCommand } from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLockManager } from '../fake-lock-manager';
import { ReplicaDb } from '../replica-db';
import { SyncClient } from '../sync-client';
import type { Scheduler } from '../sync-runtime';
import { readServerDocuments, SIM_ADMIN, startSimServer, type SimServer } from './server-process';
import { SimulatedNetwork } from './simulated-network';

/**
 * The sync simulation of issue 4: several clients (each its own IndexedDB, fake-indexeddb) run
 * the real SyncClient against the real server, with random commands, offline periods, reloads
 * and reconnects driven by a seeded generator. At the end, with everyone online, every client
 * must hold exactly the server's documents, every accepted command must have been applied once
 * (one activity each), and every queued command must have been settled, none lost.
 * A failure names the seed; rerun one with SYNC_SIM_SEED=<seed>.
 */

const SEEDS = process.env.SYNC_SIM_SEED
  ? [Number(process.env.SYNC_SIM_SEED)]
  : [20261122, 4242, 77];
const STEPS = Number(process.env.SYNC_SIM_STEPS ?? 1000);
const CLIENTS = 5;
const LIST_IDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
const STALE = { email: 'sim-stale@example.com', password: 'sim-stale-password-1' };

/** mulberry32: small, fast, good enough to drive a simulation reproducibly. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real timers, 100 times faster: backoff and heartbeats happen within the run. */
const SPEED = 100;
const fastScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, Math.max(1, Math.round(ms / SPEED))),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const epoch = Date.now();
/** The clock at the scheduler's pace, so time-based rules (orphaned rejections) keep up. */
const fastClock = () => new Date(epoch + (Date.now() - epoch) * SPEED);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => undefined, error: () => undefined };

interface Device {
  index: number;
  name: string;
  network: SimulatedNetwork;
  db: ReplicaDb;
  client: SyncClient;
  /** The person's roles as the client believes them (the stale device believes admin). */
  roles: string[];
  /** The device's Web Locks: a reloaded tab's lock is gone, so the leader knows it left. */
  locks: FakeLockManager;
  releases: (() => void)[];
}

describe('sync simulation: clients converge with the server', () => {
  let server: SimServer;
  let adminCookie: string;
  let staleCookie: string;

  beforeAll(async () => {
    server = await startSimServer();
    adminCookie = await server.signIn(SIM_ADMIN);
    await server.addPerson({ ...STALE, name: 'Stale Roles', roles: ['auditor'] });
    staleCookie = await server.signIn(STALE);
  }, 90_000);
  afterAll(() => server?.stop());

  it.each(SEEDS)(
    'seed %i',
    async (seed) => {
      const random = generator(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const indexedDB = new IDBFactory();
      const devices: Device[] = [];
      const queued = new Map<string, { device: number; name: string }>();
      const settled = new Map<string, 'ok' | 'rejected'>();
      const rejectedByServer: string[] = [];
      let counter = 0;

      function startClient(device: Omit<Device, 'client' | 'releases'>): Device {
        const client = new SyncClient({
          db: device.db,
          url: `${server.url.replace('http', 'ws')}/api/v1/sync`,
          createSocket: device.network.createSocket,
          onlineEvents: device.network.onlineEvents,
          actor: () => ({ personId: `person-${device.index}`, roles: device.roles }),
          onReject: (rejection) => rejectedByServer.push(`${device.name}#${rejection.mutationId}`),
          locks: device.locks,
          scheduler: fastScheduler,
          clock: fastClock,
          random,
          log: quiet,
        });
        void client.start();
        const releases = [client.watch({ collection: 'autocompletion', filters: [] })];
        return { ...device, client, releases };
      }

      for (let index = 0; index < CLIENTS; index += 1) {
        const network = new SimulatedNetwork(index === CLIENTS - 1 ? staleCookie : adminCookie);
        const db = new ReplicaDb(`sim-${seed}-${index}`, { indexedDB, IDBKeyRange });
        const locks = new FakeLockManager();
        devices.push(
          startClient({ index, name: `d${index}`, network, db, roles: ['admin'], locks }),
        );
      }

      async function runCommand(device: Device) {
        counter += 1;
        const marker = `s${seed}-${device.name}-${counter}`;
        const stale = device.index === CLIENTS - 1;
        const name =
          stale && random() < 0.5
            ? updateConfigurationCommand.name
            : saveAutocompletionCommand.name;
        const args: JsonValue =
          name === updateConfigurationCommand.name
            ? { segment: 'lists', data: {} }
            : {
                id: pick(LIST_IDS),
                title: marker,
                data: Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => ({
                  id: `e${i}`,
                  name: `${marker}-${i}`,
                })),
              };
        const outcome = await device.client.command(name, args);
        if (!outcome.local.ok) return; // nothing queued
        if (outcome.local.ops.length === 0) return;
        queued.set(marker, { device: device.index, name });
        void outcome.confirmed.then((result) => settled.set(marker, result.ok ? 'ok' : 'rejected'));
      }

      const t0 = Date.now();
      for (let step = 0; step < STEPS; step += 1) {
        const device = pick(devices);
        const roll = random();
        if (roll < 0.55) {
          await runCommand(device);
        } else if (roll < 0.7) {
          device.network.setOnline(!device.network.online);
        } else if (roll < 0.75) {
          // Reload: the tab goes away (its socket with it) and a new one opens the same replica.
          for (const release of device.releases) release();
          await device.client.stop();
          device.network.closeAll();
          const index = devices.indexOf(device);
          devices[index] = startClient(device);
        } else {
          await sleep(Math.floor(random() * 8));
        }
      }

      if (process.env.SYNC_SIM_TIMING) console.log('steps', Date.now() - t0);
      // Everyone back online; wait until every outbox is empty and the replicas stop changing.
      for (const device of devices) device.network.setOnline(true);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const pending = await Promise.all(
          devices.map(
            async (device) =>
              (await device.db.outbox.count()) + (await device.db.rejections.count()),
          ),
        );
        if (pending.every((count) => count === 0)) break;
        if (Date.now() > deadline) {
          throw new Error(`seed ${seed}: outboxes never drained: ${pending.join(', ')}`);
        }
        await sleep(50);
      }

      if (process.env.SYNC_SIM_TIMING) console.log('drained', Date.now() - t0);
      const expected = await readServerDocuments(server, adminCookie, 'autocompletion');
      const activities = await readServerDocuments(server, adminCookie, 'activities');
      const comparable = (docs: { id: string; version: number; data: unknown }[]) =>
        docs
          .map(({ id, version, data }) => ({ id, version, data }))
          .sort((a, b) => a.id.localeCompare(b.id));

      // Convergence: each replica holds exactly the server's live documents.
      await expect
        .poll(
          async () => {
            const replicas = await Promise.all(
              devices.map(async (device) =>
                comparable(
                  (
                    await device.db.documents.where('collection').equals('autocompletion').toArray()
                  ).filter((row) => !row.deleted),
                ),
              ),
            );
            return replicas;
          },
          { timeout: 20_000, interval: 100, message: `seed ${seed}: replicas converge` },
        )
        .toEqual(devices.map(() => comparable(expected)));

      // Every accepted save was applied exactly once: one activity per marker, none extra.
      const applied = activities
        .map((doc) => String(doc.data.object))
        .filter((o) => o.startsWith(`s${seed}-`));
      const accepted = [...queued]
        .filter(([, q]) => q.device !== CLIENTS - 1)
        .map(([marker]) => marker);
      expect(applied.sort(), `seed ${seed}: each accepted save applied once`).toEqual(
        accepted.sort(),
      );

      // No queued command lost: the stale device's commands were all refused, everyone else's
      // accepted; commands queued before a reload are settled in the replica too (no outbox left).
      const staleQueued = [...queued].filter(([, q]) => q.device === CLIENTS - 1).length;
      expect(rejectedByServer.length, `seed ${seed}: stale commands refused`).toBe(staleQueued);
      for (const [marker, result] of settled) {
        expect(result, `seed ${seed}: ${marker}`).toBe(
          queued.get(marker)?.device === CLIENTS - 1 ? 'rejected' : 'ok',
        );
      }

      for (const device of devices) {
        for (const release of device.releases) release();
        await device.client.stop();
        device.network.closeAll();
        device.db.close();
      }
    },
    180_000,
  );
});
