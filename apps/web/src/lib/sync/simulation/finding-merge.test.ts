// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  createAuditCommand,
  createAuditItemCommand,
  createFindingCommand,
  updateFindingCommand,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLockManager } from '../fake-lock-manager';
import { ReplicaDb } from '../replica-db';
import { SyncClient } from '../sync-client';
import { readServerDocuments, SIM_ADMIN, startSimServer, type SimServer } from './server-process';
import { SimulatedNetwork } from './simulated-network';

/**
 * Issue 11 (tests, simulation): two auditors record findings offline on the same question of the
 * same audit, and both edit the text of one finding. Once both are back online, the server and
 * both devices hold every finding of both, the later edit of the shared field wins, and the log
 * keeps both edits (one activity each). The real SyncClient against the real server.
 */

const AUDIT = 'sim-finding-audit';
const ITEM = 'sim-finding-item';
const quiet = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Device {
  network: SimulatedNetwork;
  db: ReplicaDb;
  client: SyncClient;
  release: () => void;
}

describe('findings recorded offline on two devices', () => {
  let server: SimServer;
  let cookie: string;
  const devices: Device[] = [];

  beforeAll(async () => {
    server = await startSimServer();
    cookie = await server.signIn(SIM_ADMIN);
    const indexedDB = new IDBFactory();
    for (const name of ['a', 'b']) {
      const network = new SimulatedNetwork(cookie);
      const db = new ReplicaDb(`finding-merge-${name}`, { indexedDB, IDBKeyRange });
      const client = new SyncClient({
        db,
        url: `${server.url.replace('http', 'ws')}/api/v1/sync`,
        createSocket: network.createSocket,
        onlineEvents: network.onlineEvents,
        actor: () => ({ personId: `person-${name}`, roles: ['admin'] }),
        locks: new FakeLockManager(),
        log: quiet,
      });
      void client.start();
      // As the audit's tab: the audit and its items.
      const releases = [
        client.watch({ collection: AUDITS_COLLECTION, filters: [] }),
        client.watch({
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: '==', value: AUDIT }],
        }),
      ];
      devices.push({ network, db, client, release: () => releases.forEach((r) => r()) });
    }
  }, 90_000);
  afterAll(async () => {
    for (const device of devices) {
      device.release();
      await device.client.stop();
      device.network.closeAll();
      device.db.close();
    }
    await server?.stop();
  });

  /** Runs a command on the device (it must be accepted there); `confirmed` is the server's word. */
  async function run(device: Device, name: string, args: JsonValue) {
    const outcome = await device.client.command(name, args);
    expect(outcome.local, `${name} on the device`).toMatchObject({ ok: true });
    return { confirmed: outcome.confirmed };
  }

  async function drained(device: Device) {
    const deadline = Date.now() + 30_000;
    while ((await device.db.outbox.count()) > 0) {
      if (Date.now() > deadline) throw new Error('outbox never drained');
      await sleep(50);
    }
  }

  async function storedItem(device: Device): Promise<JsonObject | undefined> {
    const rows = await device.db.documents
      .where('collection')
      .equals(AUDIT_ITEMS_COLLECTION)
      .toArray();
    return rows.find((row) => row.id === ITEM && !row.deleted)?.data;
  }

  it('keeps both devices’ findings; of two edits of one field the later wins, the log keeps both', async () => {
    const [a, b] = devices as [Device, Device];
    await run(a, createAuditCommand.name, {
      id: AUDIT,
      name: 'Lieferantenaudit Hamm',
      standard: 'iso9001',
      type: 'process',
      leadauditor: 'lead-1',
      coauditors: [],
      planning_year: 2026,
      planning_date: '2026-11-25',
    });
    await run(a, createAuditItemCommand.name, {
      auditId: AUDIT,
      id: ITEM,
      question: { text: 'Sind die Prüfmittel kalibriert?' },
    });
    await run(a, createFindingCommand.name, {
      auditId: AUDIT,
      itemId: ITEM,
      finding: { id: 'shared', importance: '3', text: 'Erster Befund' },
    });
    await drained(a);
    await expect
      .poll(async () => (await storedItem(b))?.deviations, { timeout: 20_000 })
      .toBeTruthy();

    // Both offline: each records a finding of its own, and both edit the shared one's text.
    a.network.setOnline(false);
    b.network.setOnline(false);
    const confirmations = [
      await run(a, createFindingCommand.name, {
        auditId: AUDIT,
        itemId: ITEM,
        finding: { id: 'from-a', importance: '9', text: 'Charge nicht rückverfolgbar' },
      }),
      await run(b, createFindingCommand.name, {
        auditId: AUDIT,
        itemId: ITEM,
        finding: { id: 'from-b', importance: '1', text: 'Beschriftung verblasst' },
      }),
      await run(a, updateFindingCommand.name, {
        auditId: AUDIT,
        itemId: ITEM,
        finding: { id: 'shared', text: 'Text von A' },
      }),
      await run(b, updateFindingCommand.name, {
        auditId: AUDIT,
        itemId: ITEM,
        finding: { id: 'shared', text: 'Text von B' },
      }),
    ];

    // A comes back first, B later: B's edit reaches the server last.
    a.network.setOnline(true);
    await drained(a);
    b.network.setOnline(true);
    await drained(b);
    const results = await Promise.all(confirmations.map((run) => run.confirmed));
    expect(results.every((result) => result.ok)).toBe(true);

    const expected = {
      shared: 'Text von B',
      'from-a': 'Charge nicht rückverfolgbar',
      'from-b': 'Beschriftung verblasst',
    };
    const texts = (item: JsonObject | undefined) =>
      Object.fromEntries(
        Object.entries((item?.deviations ?? {}) as Record<string, { text: string }>).map(
          ([id, finding]) => [id, finding.text],
        ),
      );
    for (const device of devices) {
      await expect
        .poll(async () => texts(await storedItem(device)), { timeout: 20_000 })
        .toEqual(expected);
    }
    // The item's state follows its findings (none closes it), on the server as on the devices.
    expect((await storedItem(a))?.auditItemState).toBeNull();

    // The log keeps both edits of the shared finding, and every creation.
    const verbs = (await readServerDocuments(server, cookie, 'activities')).map((doc) =>
      String(doc.data.verb),
    );
    expect(verbs.filter((verb) => verb === 'updatedFinding')).toHaveLength(2);
    expect(verbs.filter((verb) => verb === 'createdFinding')).toHaveLength(3);
  }, 120_000);
});
