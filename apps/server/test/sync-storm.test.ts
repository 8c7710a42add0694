import type { Query, ServerMessage } from '@qa/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_TOO_MANY_CONNECTIONS } from '../src/modules/sync/sync-connection';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * Issue 35 item 1: one signed-in person opening more sockets and subscriptions than allowed
 * gets refusals, and the server keeps answering everyone else meanwhile. Small data, small
 * limits, no timing: the figures are in bench/storm.bench.ts.
 */

const AUDITS = 40;
const MAX_CONNECTIONS = 3;
const MAX_SUBSCRIPTIONS = 4;
const ALL_AUDITS: Query = { collection: 'audits', filters: [] };

async function seedAudits(app: TestApp): Promise<void> {
  const { documents, feed } = app.server.sync;
  const now = new Date().toISOString();
  const last = await documents.transaction(async () => {
    let seq = await documents.lockLog();
    for (let n = 0; n < AUDITS; n += 1) {
      const id = `storm-${String(n).padStart(3, '0')}`;
      seq += 1;
      const data = { id, name: `Audit ${n}`, planning_year: 2026 };
      await documents.write(
        { collection: 'audits', id, version: 1, deleted: false, updatedAt: now, data },
        seq,
        null,
        null,
      );
    }
    await documents.setLastSequence(seq);
    return seq;
  });
  await feed.committed(last);
}

/** The subscription's whole snapshot, or the error that refused it. */
async function answer(socket: SyncSocket, subscriptionId: string): Promise<ServerMessage> {
  const refusal = socket.next('error', (m) => m.subscriptionId === subscriptionId, 15_000);
  const final = socket.next(
    'snapshot',
    (m) => m.subscriptionId === subscriptionId && m.final,
    15_000,
  );
  const first = await Promise.race([refusal, final]);
  // The loser's timer would fail the run later: settle it quietly.
  void refusal.catch(() => undefined);
  void final.catch(() => undefined);
  return first;
}

describeEachDialect('one person storming the sync endpoint', (dialect) => {
  let app: TestApp;
  let greedy: { cookie: string };
  let other: { cookie: string };
  const sockets: SyncSocket[] = [];

  async function open(cookie: string): Promise<SyncSocket> {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    app = await startApp({
      dialect,
      env: {
        SYNC_MAX_CONNECTIONS_PER_PERSON: String(MAX_CONNECTIONS),
        SYNC_MAX_SUBSCRIPTIONS: String(MAX_SUBSCRIPTIONS),
      },
    });
    greedy = await signedInCookie(app, { email: 'greedy@example.com', roles: ['admin'] });
    other = await signedInCookie(app, { email: 'patient@example.com', roles: ['admin'] });
    await seedAudits(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('refuses sockets and subscriptions over the limits and keeps answering the others', async () => {
    const accepted: SyncSocket[] = [];
    for (let n = 0; n < MAX_CONNECTIONS; n += 1) {
      const socket = await open(greedy.cookie);
      await socket.hello(`greedy-${dialect}-${n}`);
      accepted.push(socket);
    }
    for (let n = 0; n < 2; n += 1) {
      const refused = await open(greedy.cookie);
      await expect(refused.next('error')).resolves.toMatchObject({
        code: 'too_many_connections',
        message: expect.stringContaining(String(MAX_CONNECTIONS)),
      });
      await expect(refused.closed()).resolves.toBe(CLOSE_TOO_MANY_CONNECTIONS);
    }

    // The storm: every accepted socket asks for all audits more often than it may.
    const answers = accepted.flatMap((socket, s) =>
      Array.from({ length: MAX_SUBSCRIPTIONS + 2 }, (_, n) => {
        const id = `all-${s}-${n}`;
        socket.send({ type: 'subscribe', subscriptionId: id, query: ALL_AUDITS });
        return answer(socket, id);
      }),
    );
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    // Another person is neither refused nor starved.
    const patient = await open(other.cookie);
    await patient.hello(`patient-${dialect}`);
    patient.send({ type: 'subscribe', subscriptionId: 'mine', query: ALL_AUDITS });
    await expect(answer(patient, 'mine')).resolves.toMatchObject({ type: 'snapshot' });

    const results = await Promise.all(answers);
    const snapshots = results.filter((m) => m.type === 'snapshot');
    const refusals = results.filter((m) => m.type === 'error');
    expect(snapshots).toHaveLength(MAX_CONNECTIONS * MAX_SUBSCRIPTIONS);
    expect(refusals).toHaveLength(MAX_CONNECTIONS * 2);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: 'too_many_subscriptions' });
    }
    // A socket closed frees its place for the person's next one.
    accepted[0]!.close();
    await accepted[0]!.closed();
    let again: SyncSocket | null = null;
    for (let attempt = 0; attempt < 50 && again === null; attempt += 1) {
      const socket = await open(greedy.cookie);
      const outcome = await Promise.race([
        socket.hello(`greedy-${dialect}-again`).then(() => 'welcome' as const),
        socket.closed().then(() => 'refused' as const),
      ]);
      if (outcome === 'welcome') again = socket;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again).not.toBeNull();
  });
});

describe('one person’s snapshots, held to their rate', () => {
  let app: TestApp;
  const sockets: SyncSocket[] = [];
  const RATE = 10_000;
  /** The burst a person may send at once: four seconds of the rate. */
  const BURST = 4 * RATE;
  const ASKED = 8;

  beforeAll(async () => {
    // A tiny rate, so that the test's 40 audits are more than its burst.
    app = await startApp({
      dialect: 'sqlite',
      build: { syncLimits: { personBytesPerSecond: RATE } },
    });
    await seedAudits(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('go out no faster than the rate after a burst, and another person does not wait for them', async () => {
    const greedy = await signedInCookie(app, { email: 'rate@example.com', roles: ['admin'] });
    const other = await signedInCookie(app, { email: 'unhurried@example.com', roles: ['admin'] });
    const socket = await SyncSocket.open(app, { cookie: greedy.cookie });
    const patient = await SyncSocket.open(app, { cookie: other.cookie });
    sockets.push(socket, patient);
    await socket.hello('rate-greedy');
    await patient.hello('rate-patient');

    const started = performance.now();
    const finished: string[] = [];
    const greedyAnswers = Array.from({ length: ASKED }, (_, n) => {
      socket.send({ type: 'subscribe', subscriptionId: `g${n}`, query: ALL_AUDITS });
      return socket
        .next('snapshot', (m) => m.subscriptionId === `g${n}` && m.final, 15_000)
        .then((m) => {
          finished.push(`g${n}`);
          return m;
        });
    });
    patient.send({ type: 'subscribe', subscriptionId: 'p', query: ALL_AUDITS });
    const patientAnswer = patient
      .next('snapshot', (m) => m.subscriptionId === 'p' && m.final, 15_000)
      .then(() => finished.push('p'));
    const answers = await Promise.all(greedyAnswers);
    await patientAnswer;
    const elapsed = performance.now() - started;

    expect(answers.every((m) => m.documents.length === AUDITS)).toBe(true);
    // Each snapshot is one chunk of its documents' JSON.
    const bytes = Buffer.byteLength(JSON.stringify(answers[0]!.documents)) - 2;
    const before = (ASKED - 1) * bytes;
    expect(before).toBeGreaterThan(BURST);
    // The last could leave only once those before it, less the burst, were paid for.
    expect(elapsed).toBeGreaterThanOrEqual(((before - BURST) / RATE) * 1000 - 5);
    // The other person's snapshot went meanwhile, not after the greedy person's.
    expect(finished.indexOf('p')).toBeLessThan(finished.indexOf(`g${ASKED - 1}`));
  });
});
