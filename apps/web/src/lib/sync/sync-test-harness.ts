import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CommandActor } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { FakeSyncServer, type Delivery } from './fake-sync-server';
import { ManualScheduler } from './manual-scheduler';
import { ReplicaDb } from './replica-db';
import { SyncClient, type SyncClientOptions } from './sync-client';
import type { Rejection } from './sync-types';
import { TEST_REGISTRY, THINGS } from './test-commands';

const START = Date.parse('2026-03-01T08:00:00.000Z');
let databases = 0;

/**
 * Test support: a fake server, a fresh fake IndexedDB and clients on one replica database (a
 * new client on it is a reload or another tab), with timers the test advances.
 */
export function createSyncHarness(
  options: { clientRoles?: string[]; serverRoles?: string[]; deliver?: Delivery } = {},
) {
  const indexedDB = new IDBFactory();
  const dbName = `qa-replica-test-${++databases}`;
  const scheduler = new ManualScheduler();
  const actor: CommandActor = { personId: 'p1', roles: options.clientRoles ?? ['user'] };
  const server = new FakeSyncServer({
    registry: TEST_REGISTRY,
    actor: { personId: 'p1', roles: options.serverRoles ?? actor.roles },
    ...(options.deliver ? { deliver: options.deliver } : {}),
  });
  const rejections: Rejection[] = [];
  const warnings: unknown[][] = [];
  const onlineListeners = new Set<(online: boolean) => void>();
  const clients: SyncClient[] = [];
  const databasesOpen: ReplicaDb[] = [];

  function openDb(): ReplicaDb {
    const db = new ReplicaDb(dbName, { indexedDB, IDBKeyRange });
    databasesOpen.push(db);
    return db;
  }

  function client(extra: Partial<SyncClientOptions> = {}): SyncClient {
    const created = new SyncClient({
      db: openDb(),
      url: 'ws://test/api/v1/sync',
      createSocket: server.createSocket,
      actor: () => actor,
      registry: TEST_REGISTRY,
      onReject: (rejection) => rejections.push(rejection),
      scheduler,
      random: () => 0.5,
      clock: () => new Date(START + scheduler.now),
      onlineEvents: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
      log: {
        warn: (...args: unknown[]) => warnings.push(args),
        error: (...args: unknown[]) => warnings.push(args),
      },
      ...extra,
    });
    clients.push(created);
    void created.start();
    return created;
  }

  return {
    server,
    scheduler,
    rejections,
    warnings,
    client,
    openDb,
    /** The window's online event. */
    goOnline: () => onlineListeners.forEach((listener) => listener(true)),
    goOffline: () => onlineListeners.forEach((listener) => listener(false)),
    async stopAll() {
      for (const each of clients) await each.stop();
      for (const db of databasesOpen) db.close();
    },
  };
}

export function thing(client: SyncClient, id: string): JsonObject | undefined {
  return client.getSnapshot().view.get(THINGS, id);
}

export const THINGS_QUERY = { collection: THINGS, filters: [] };
