import { DOMAIN_COLLECTIONS, domainCommandRegistry } from '@qa/domain';
import { SYNC_PROTOCOL_VERSION, type ServerMessage } from '@qa/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * Issue 10: a few thousand generated messages from a signed-in person, some well-formed, most
 * not. Whatever arrives, the server answers without `internal`, keeps the connection (or closes
 * it with a protocol code, never 1011), changes no data for a refused message and goes on
 * serving. Bounded in time; the seed is printed by fast-check when a run fails.
 */

const v = SYNC_PROTOCOL_VERSION;
const RUNS = 3_000;
const TIME_LIMIT_MS = 25_000;
const COMMANDS = [...domainCommandRegistry.names(), 'no.such.command'];
const COLLECTIONS = [...DOMAIN_COLLECTIONS.map((d) => d.name), 'secrets', ''];
const FIELDS = ['id', 'name', 'title', 'data', 'changes', 'auditId', 'leadauditor', 'items'];

/** Strings a hostile client would try: ids with markup, paths, NUL, lone surrogates, long ones. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('\ud800', 'a\u0000b', '../x', '/', '<b>x</b>', '__proto__', 'constructor', ''),
  fc.string({ minLength: 120, maxLength: 300 }),
);
const { value: jsonish } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), nastyString), tie('value'), {
      maxKeys: 5,
    }),
  ),
}));
const args = fc.oneof(
  jsonish,
  fc.record({ id: nastyString, name: nastyString, title: nastyString, data: jsonish }),
  fc.record({ id: nastyString, changes: fc.dictionary(fc.constantFrom(...FIELDS), jsonish) }),
);
const mutation = fc.record({
  mutationId: fc.oneof(fc.integer({ min: -2, max: 50 }), fc.constant(2 ** 60)),
  clientId: fc.oneof(fc.constant('fuzz-client'), nastyString),
  name: fc.constantFrom(...COMMANDS),
  args,
});
const filter = fc.record({
  path: fc.array(fc.oneof(fc.constantFrom(...FIELDS), nastyString), { maxLength: 3 }),
  op: fc.constantFrom('==', '!=', '<', '<=', '>', '>=', 'in', 'array-contains', 'like'),
  value: jsonish,
});
const query = fc.record(
  {
    collection: fc.constantFrom(...COLLECTIONS),
    filters: fc.array(filter, { maxLength: 3 }),
    orderBy: fc.array(fc.record({ path: fc.array(nastyString), direction: nastyString })),
    limit: fc.oneof(fc.integer({ min: -1, max: 20_000 }), fc.double()),
  },
  { requiredKeys: ['collection', 'filters'] },
);
const message = fc.oneof(
  fc.record({ type: fc.constant('push'), v: fc.constant(v), mutations: fc.array(mutation) }),
  fc.record({
    type: fc.constant('subscribe'),
    v: fc.constant(v),
    subscriptionId: nastyString,
    query,
    resumeFrom: fc.oneof(fc.integer({ min: -1, max: 10_000 }), fc.constant(undefined)),
  }),
  fc.record({ type: fc.constant('unsubscribe'), v: fc.constant(v), subscriptionId: nastyString }),
  fc.record({
    type: fc.constantFrom('hello', 'ping', 'nope'),
    v: fc.constantFrom(v, v + 1),
    clientId: nastyString,
  }),
  jsonish,
);
/** A message with a value nested hundreds or thousands of levels deep in some position. */
const deep = fc
  .tuple(fc.integer({ min: 60, max: 5_000 }), fc.constantFrom('args', 'value', 'clientId'))
  .map(([depth, position]) => {
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    if (position === 'args') {
      return `{"type":"push","v":${v},"mutations":[{"mutationId":1,"clientId":"fuzz-client","name":"audit.create","args":{"id":"x","name":${nested}}}]}`;
    }
    if (position === 'value') {
      return `{"type":"subscribe","v":${v},"subscriptionId":"s","query":{"collection":"audits","filters":[{"path":["a"],"op":"==","value":${nested}}]}}`;
    }
    return `{"type":"hello","v":${v},"clientId":${nested},"protocolVersion":${v}}`;
  });

/** What goes over the socket: a generated message as JSON, or text that is no JSON at all. */
const frame = fc.oneof(
  { weight: 12, arbitrary: message.map((m) => JSON.stringify(m) ?? 'null') },
  { weight: 1, arbitrary: deep },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: message.map((m) => (JSON.stringify(m) ?? '').slice(0, 25)) },
);

describeEachDialect('sync fuzz', (dialect) => {
  let app: TestApp;
  let cookie: string;
  let socket: SyncSocket;
  const sockets: SyncSocket[] = [];

  async function reconnect() {
    socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    await socket.hello('fuzz-client');
  }

  beforeAll(async () => {
    app = await startApp({ dialect });
    ({ cookie } = await signedInCookie(app, { email: 'fuzz@example.com', roles: ['admin'] }));
    await reconnect();
  });
  afterAll(async () => {
    for (const open of sockets) open.close();
    await app?.stop();
  });

  it('answers thousands of generated messages without internal errors or lost data', async () => {
    const documents = app.server.sync.documents;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(frame, async (text) => {
        if (socket.closeCode !== null) await reconnect();
        const before = await documents.lastSequence();
        socket.received.length = 0;
        socket.sendRaw(text);
        // Messages are handled in order: the pong says everything before it was answered.
        socket.sendRaw(JSON.stringify({ type: 'ping', v }));
        // A version mismatch closes the connection instead (4400): then no pong comes.
        const outcome = await Promise.race([
          socket
            .next('pong', () => true, 10_000)
            .then(
              () => 'answered',
              (error: unknown) => error,
            ),
          socket.closed().then(() => 'closed'),
        ]);
        if (outcome instanceof Error) throw outcome;
        const seen: ServerMessage[] = [...socket.received];
        answered += 1;
        const internal = seen.filter(
          (m) => (m.type === 'error' || m.type === 'reject') && m.code === 'internal',
        );
        expect(internal, text.slice(0, 300)).toEqual([]);
        expect(socket.closeCode === null || socket.closeCode === 4400, text.slice(0, 300)).toBe(
          true,
        );
        const applied = seen.some((m) => m.type === 'ack' && m.sequence !== undefined);
        if (!applied) expect(await documents.lastSequence(), text.slice(0, 300)).toBe(before);
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
    expect(answered).toBeGreaterThan(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('answers generated request bodies on every JSON route with a 4xx at worst', async () => {
    const routes = [
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/sign-in/social',
      '/api/v1/session',
    ];
    const body = fc.oneof(
      jsonish.map((value) => JSON.stringify(value) ?? 'null'),
      deep,
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async (route, text) => {
        const response = await fetch(`${app.url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: text,
        });
        await response.arrayBuffer();
        expect(response.status, `${route} ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: false },
    );
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
