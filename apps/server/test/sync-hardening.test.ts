import { SYNC_PROTOCOL_VERSION } from '@qa/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { pushCommand, signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * Issue 10: what one signed-in person can send must not stop or corrupt the server for others.
 * Deeply nested messages, replays with other args, rejections under a borrowed client id and a
 * co-auditor making himself lead, each through the real socket on both databases.
 */

const v = SYNC_PROTOCOL_VERSION;
const DEPTH = 3_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
let clientCounter = 0;
const newClientId = () => `hardening-${Date.now()}-${++clientCounter}`;

function listArgs(id: string, title: string) {
  return { id, title, data: [{ id: 'e0', name: 'A' }] };
}

describeEachDialect('hostile sync messages', (dialect) => {
  let app: TestApp;
  let admin: { cookie: string; personId: string };
  let auditor: { cookie: string; personId: string };
  const sockets: SyncSocket[] = [];

  async function connect(cookie: string, clientId = newClientId()) {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const welcome = await socket.hello(clientId);
    return { socket, clientId, welcome, nextMutation: 1 };
  }

  beforeAll(async () => {
    app = await startApp({ dialect });
    admin = await signedInCookie(app, { email: 'admin.hard@example.com', roles: ['admin'] });
    auditor = await signedInCookie(app, { email: 'auditor.hard@example.com', roles: ['auditor'] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('answers a message nested 3,000 levels deep, in every position, and keeps serving', async () => {
    const positions = {
      'before hello': `{"type":"hello","v":${v},"clientId":${deepArray},"protocolVersion":${v}}`,
      'push args': `{"type":"push","v":${v},"mutations":[{"mutationId":1,"clientId":"c","name":"autocompletion.save","args":${deepObject}}]}`,
      'subscribe filter value': `{"type":"subscribe","v":${v},"subscriptionId":"s","query":{"collection":"audits","filters":[{"path":["name"],"op":"==","value":${deepArray}}]}}`,
      'the whole message': deepArray,
    };
    for (const [position, text] of Object.entries(positions)) {
      const socket = await SyncSocket.open(app, { cookie: admin.cookie });
      sockets.push(socket);
      if (position !== 'before hello') await socket.hello(newClientId());
      socket.sendRaw(text);
      await expect(socket.next('error'), position).resolves.toMatchObject({
        code: 'invalid_message',
      });
      // The connection itself goes on.
      socket.send({ type: 'ping' });
      await expect(socket.next('pong'), position).resolves.toBeDefined();
      expect((await fetch(`${app.url}/healthz`)).status, position).toBe(200);
    }
  });

  it('acknowledges a replayed mutation with other, invalid args as the replay it is', async () => {
    const { socket, clientId } = await connect(admin.cookie);
    const mutation = {
      mutationId: 1,
      clientId,
      name: 'autocompletion.save',
      args: listArgs('replayed', 'Replayed'),
    };
    socket.send({ type: 'push', mutations: [mutation] });
    await socket.next('ack');
    socket.send({ type: 'push', mutations: [{ ...mutation, args: { id: 7 } }] });
    await expect(socket.next('ack')).resolves.toEqual({ type: 'ack', v, mutationId: 1 });
    socket.close();
    const again = await connect(admin.cookie, clientId);
    expect(again.welcome.lastMutationId).toBe(1);
    expect(again.welcome.rejections).toBeUndefined();
  });

  it("keeps a person's rejections when another person pushes with the same client id", async () => {
    const first = await connect(admin.cookie);
    const bad = (mutationId: number, clientId: string) => ({
      mutationId,
      clientId,
      name: 'autocompletion.save',
      args: listArgs('Bad Id', 'X'),
    });
    first.socket.send({ type: 'push', mutations: [bad(1, first.clientId)] });
    const kept = await first.socket.next('reject');
    first.socket.close();

    // Nothing was applied under the client id yet, so another person may present it; their own
    // rejections (more than a welcome keeps) must not overwrite or prune the first person's.
    const other = await connect(auditor.cookie, first.clientId);
    other.socket.send({
      type: 'push',
      mutations: Array.from({ length: 55 }, (_, i) => bad(i + 1, first.clientId)),
    });
    for (let n = 0; n < 55; n += 1) await other.socket.next('reject');
    other.socket.close();

    const again = await connect(admin.cookie, first.clientId);
    const { type: _type, v: _v, ...repeated } = kept;
    expect(again.welcome.rejections).toEqual([repeated]);
  });

  it('refuses a co-auditor who makes himself lead auditor, so he cannot protect the audit', async () => {
    const lead = await signedInCookie(app, { email: 'lead.hard@example.com', roles: ['auditor'] });
    const co = await signedInCookie(app, { email: 'co.hard@example.com', roles: ['auditor'] });
    const qm = await connect(admin.cookie);
    const id = `team-audit-${dialect}`;
    const created = await pushCommand(qm, 'audit.create', {
      id,
      name: 'Team',
      leadauditor: lead.personId,
      coauditors: [co.personId],
      planning_year: new Date().getFullYear(),
    });
    expect(created).toMatchObject({ type: 'ack' });

    const coAuditor = await connect(co.cookie);
    const promote = await pushCommand(coAuditor, 'audit.update', {
      id,
      changes: { leadauditor: co.personId },
    });
    expect(promote).toMatchObject({
      type: 'reject',
      code: 'forbidden',
      detail: { key: 'permission.auditTeamChange' },
    });
    const protect = await pushCommand(coAuditor, 'audit.protect', { id });
    expect(protect).toMatchObject({ type: 'reject', code: 'forbidden' });
    const [audit] = await app.server.sync.documents.findMany([{ collection: 'audits', id }]);
    expect(audit?.data).toMatchObject({ leadauditor: lead.personId, protected: false });
    // Editing the audit itself stays allowed.
    const rename = await pushCommand(coAuditor, 'audit.update', {
      id,
      changes: { name: 'Team B' },
    });
    expect(rename).toMatchObject({ type: 'ack' });
  });
});
