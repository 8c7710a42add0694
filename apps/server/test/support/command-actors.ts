import { expect } from 'vitest';
import type { TestApp } from './start-app';
import { pushCommand, signedInCookie, SyncSocket } from './sync-socket';

/** One signed-in person with an open socket and its own mutation counter. */
export interface Actor {
  personId: string;
  cookie: string;
  socket: SyncSocket;
  clientId: string;
  nextMutation: number;
}

let clientCounter = 0;

/**
 * What the command suites share: people signed in with their own socket (`actor`), commands
 * expected to be acknowledged (`accepted`) or refused with a code and message key (`rejected`),
 * and closing every socket at the end. `app` is read when called (suites start it in beforeAll).
 */
export function commandActors(app: () => TestApp, prefix: string) {
  const sockets: SyncSocket[] = [];
  return {
    async actor(email: string, roles: string[]): Promise<Actor> {
      const { cookie, personId } = await signedInCookie(app(), {
        email,
        roles,
        displayName: email,
      });
      const socket = await SyncSocket.open(app(), { cookie });
      sockets.push(socket);
      const clientId = `${prefix}-${Date.now()}-${++clientCounter}`;
      await socket.hello(clientId);
      return { personId, cookie, socket, clientId, nextMutation: 1 };
    },
    async accepted(who: Actor, name: string, args: unknown) {
      const answer = await pushCommand(who, name, args);
      expect(answer, `${name} ${JSON.stringify(answer)}`).toMatchObject({ type: 'ack' });
      return answer;
    },
    async rejected(who: Actor, name: string, args: unknown, code: string, key: string) {
      const answer = await pushCommand(who, name, args);
      expect(answer, `${name} ${JSON.stringify(answer)}`).toMatchObject({
        type: 'reject',
        code,
        detail: { key },
      });
      return answer;
    },
    closeAll() {
      for (const socket of sockets) socket.close();
    },
  };
}
