import {
  SYNC_PROTOCOL_VERSION,
  parseServerMessage,
  type ClientMessage,
  type JsonValue,
  type ServerMessage,
} from '@qa/sync';
import WebSocket from 'ws';
import { PersonAccountsService } from '../../src/modules/people/person-accounts.service';
import { CookieJar } from './cookie-jar';
import type { TestApp } from './start-app';

type Outgoing = ClientMessage extends infer M
  ? M extends { v: number }
    ? Omit<M, 'v'>
    : never
  : never;

/**
 * A protocol-level client for server tests: sends messages, collects what the server sends and
 * waits for the message a test expects (with a timeout that names what was awaited).
 */
export class SyncSocket {
  readonly received: ServerMessage[] = [];
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] =
    [];
  closeCode: number | null = null;
  private readonly closedPromise: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = parseServerMessage(JSON.parse(String(data)));
      if (!parsed.ok) throw new Error(`server sent an invalid message: ${String(data)}`);
      this.received.push(parsed.message);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(parsed.message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(parsed.message);
        }
      }
    });
    this.closedPromise = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  static async open(
    app: { url: string },
    {
      cookie,
      origin,
      ca,
    }: {
      cookie?: string;
      origin?: string;
      /** The test certificate, over wss:. */ ca?: Buffer;
    } = {},
  ): Promise<SyncSocket> {
    const url = `${app.url.replace('http', 'ws')}/api/v1/sync`;
    const ws = new WebSocket(url, {
      headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
      ...(ca ? { ca } : {}),
    });
    const socket = new SyncSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused with ${res.statusCode}`)),
      );
    });
    return socket;
  }

  send(message: Outgoing): void {
    this.ws.send(JSON.stringify({ ...message, v: SYNC_PROTOCOL_VERSION }));
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The first message (already received or still to come) that matches. */
  next<T extends ServerMessage['type']>(
    type: T,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const test = (m: ServerMessage): boolean =>
      m.type === type && match(m as Extract<ServerMessage, { type: T }>);
    const index = this.received.findIndex(test);
    if (index >= 0) {
      const [found] = this.received.splice(index, 1);
      return Promise.resolve(found as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match: test,
        resolve: (m) => {
          clearTimeout(timer);
          // It was pushed to `received` too; consume it.
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  /** `changeLogId`: the change log the client's replica came from (absent: none). */
  async hello(clientId: string, changeLogId?: string) {
    this.send({
      type: 'hello',
      clientId,
      protocolVersion: SYNC_PROTOCOL_VERSION,
      ...(changeLogId === undefined ? {} : { changeLogId }),
    });
    return this.next('welcome');
  }

  closed(): Promise<number> {
    return this.closedPromise;
  }

  close(): void {
    this.ws.close();
  }
}

/** Creates a person with a login and answers the cookie header of a signed-in session. */
export async function signedInCookie(
  app: TestApp,
  person: { email: string; roles: string[]; displayName?: string },
): Promise<{ cookie: string; personId: string }> {
  const accounts = new PersonAccountsService(app.server.auth, app.server.people);
  const password = 'sync-test-password-1';
  const created = await accounts.createWithPassword(
    { displayName: person.displayName ?? person.email, email: person.email, roles: person.roles },
    password,
  );
  const jar = new CookieJar();
  const response = await jar.json(`${app.url}/api/auth/sign-in/email`, {
    email: person.email,
    password,
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return { cookie: jar.cookieHeader(new URL(app.url)), personId: created.id };
}

/** An answer to a pushed command. */
export type CommandAnswer = Extract<ServerMessage, { type: 'ack' | 'reject' }>;

/** A signed-in connection that pushes hand-made commands, numbering them itself. */
export interface CommandPusher {
  socket: SyncSocket;
  clientId: string;
  nextMutation: number;
}

/** Pushes one hand-made command and waits for its ack or reject. */
export async function pushCommand(
  who: CommandPusher,
  name: string,
  args: unknown,
): Promise<CommandAnswer> {
  const mutationId = who.nextMutation++;
  who.socket.send({
    type: 'push',
    mutations: [{ mutationId, clientId: who.clientId, name, args: args as JsonValue }],
  });
  const matches = (m: ServerMessage) =>
    (m.type === 'ack' || m.type === 'reject') && m.mutationId === mutationId;
  const deadline = Date.now() + 5_000;
  for (;;) {
    const index = who.socket.received.findIndex(matches);
    if (index >= 0) return who.socket.received.splice(index, 1)[0] as CommandAnswer;
    if (Date.now() > deadline) throw new Error(`no answer to ${name} #${mutationId}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
