import { isId, SYNC_PROTOCOL_VERSION } from '@qa/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { pushCommand, signedInCookie, SyncSocket, type CommandPusher } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * Ids through the real server (issue 10, item 4): only letters, digits, '-' and '_' enter as an
 * id. A lone surrogate, a NUL, a slash or a dot segment in an id is refused before anything is
 * read or stored, on both databases; a lead auditor id longer than 128 characters is the user's
 * mistake (`rule`), not a broken command result (`invalid_result`).
 */

/**
 * The ids as they travel in JSON text. Written with escapes on purpose: JSON.stringify would
 * escape a lone surrogate the same way, but the test should not depend on that.
 */
const BAD_ID_JSON = ['"\\ud800"', '"a\\u0000b"', '"a/b"', '".."', '"<b>x</b>"'];

let clientCounter = 0;
const newClientId = () => `ids-client-${Date.now()}-${++clientCounter}`;

describeEachDialect('ids', (dialect) => {
  let app: TestApp;
  const sockets: SyncSocket[] = [];
  let qm: CommandPusher & { personId: string; cookie: string };

  beforeAll(async () => {
    app = await startApp({ dialect });
    const { cookie, personId } = await signedInCookie(app, {
      email: `qm.ids.${dialect}@example.com`,
      roles: ['qm'],
    });
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const clientId = newClientId();
    await socket.hello(clientId);
    qm = { socket, clientId, nextMutation: 1, personId, cookie };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  /** Pushes audit.create with the id given as JSON text and waits for the answer. */
  async function createWithRawId(idJson: string) {
    const mutationId = qm.nextMutation++;
    const args = `{"id":${idJson},"name":"Bad id","leadauditor":${JSON.stringify(qm.personId)}}`;
    qm.socket.sendRaw(
      `{"type":"push","v":${SYNC_PROTOCOL_VERSION},"mutations":[{"mutationId":${mutationId},` +
        `"clientId":${JSON.stringify(qm.clientId)},"name":"audit.create","args":${args}}]}`,
    );
    return qm.socket.next('reject', (m) => m.mutationId === mutationId, 10_000);
  }

  it('refuses a command whose id is not made of letters, digits, - and _, and stores nothing', async () => {
    const before = await app.server.sync.documents.lastSequence();
    for (const idJson of BAD_ID_JSON) {
      const answer = await createWithRawId(idJson);
      expect(answer, idJson).toMatchObject({
        code: 'invalid_args',
        issues: [{ key: 'validation.id', params: { field: 'id' } }],
      });
    }
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
    const ids = (await app.server.sync.documents.liveDocuments('audits')).map((doc) => doc.id);
    expect(ids.filter((id) => !isId(id))).toEqual([]);
  });

  it('refuses bad ids inside args too: an item of an audit named by a bad id', async () => {
    const before = await app.server.sync.documents.lastSequence();
    for (const auditId of ['\ud800', 'a\u0000b', 'a/b', '..']) {
      const answer = await pushCommand(qm, 'auditItem.create', {
        auditId,
        id: 'item-1',
        question: { text: 'Q?' },
      });
      expect(answer, JSON.stringify(auditId)).toMatchObject({
        type: 'reject',
        code: 'invalid_args',
        issues: [{ key: 'validation.id', params: { field: 'auditId' } }],
      });
    }
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
  });

  it('accepts UUIDs and the ids the client derives from its client and mutation id', async () => {
    for (const id of ['0b9e7c4e-6f1c-4d7e-9c1a-2f5d8e3b1a00', `${qm.clientId}-7-1`]) {
      const answer = await pushCommand(qm, 'audit.create', {
        id,
        name: 'Good id',
        leadauditor: qm.personId,
      });
      expect(answer, id).toMatchObject({ type: 'ack' });
    }
  });

  it('answers a lead auditor id over 128 characters as the rule it breaks, not invalid_result', async () => {
    const before = await app.server.sync.documents.lastSequence();
    const answer = await pushCommand(qm, 'audit.create', {
      id: 'long-lead',
      name: 'Long lead auditor',
      leadauditor: 'x'.repeat(129),
    });
    expect(answer).toMatchObject({
      type: 'reject',
      code: 'rule',
      detail: { key: 'validation.maxLength', params: { field: 'leadauditor', max: 128 } },
    });
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
  });

  it('refuses a hello whose client id is not an id', async () => {
    for (const clientIdJson of ['"\\ud800"', '"a\\u0000b"', '"a/b"', '".."']) {
      const socket = await SyncSocket.open(app, { cookie: qm.cookie });
      sockets.push(socket);
      socket.sendRaw(
        `{"type":"hello","v":${SYNC_PROTOCOL_VERSION},"clientId":${clientIdJson},` +
          `"protocolVersion":${SYNC_PROTOCOL_VERSION}}`,
      );
      const error = await socket.next('error', () => true, 10_000);
      expect(error, clientIdJson).toMatchObject({ code: 'invalid_message' });
      expect(socket.received.some((m) => m.type === 'welcome')).toBe(false);
      socket.close();
    }
  });
});
