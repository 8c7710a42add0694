import websocket from '@fastify/websocket';
import type { Person } from '@qa/domain';
import {
  MAX_DOCUMENTS_PER_MESSAGE,
  MAX_MESSAGE_BYTES,
  SYNC_PROTOCOL_VERSION,
  type ServerMessage,
} from '@qa/sync';
import type { FastifyInstance } from 'fastify';
import { webHeaders } from '../../http/web-request';
import type { SessionService } from '../auth/session.service';
import type { ChangeFeed } from './change-feed';
import type { DocumentsRepository } from './documents.repository';
import type { PushService } from './push.service';
import { PersonTurns } from './person-turns';
import { DEFAULT_SNAPSHOT_CACHE, SnapshotCache } from './snapshot-cache';
import {
  CLOSE_SERVICE_RESTART,
  CLOSE_TOO_MANY_CONNECTIONS,
  SyncConnection,
  type SyncLimits,
} from './sync-connection';

export interface SyncRouteDeps {
  sessions: SessionService;
  documents: DocumentsRepository;
  push: PushService;
  feed: ChangeFeed;
  /** This database's change-log id (`change-log-id.ts`), told to every client in `welcome`. */
  changeLogId: string;
  trustedOrigins: readonly string[];
  limits: SyncLimits;
}

/**
 * `GET /api/v1/sync` upgraded to a WebSocket (DESIGN.md section 5). A browser always sends
 * Origin on a WebSocket, and the cookie goes along whatever page opened it, so a foreign origin
 * is refused before the upgrade (cross-site WebSocket hijacking). A request without a valid
 * session is upgraded and then told `unauthorized`, so the client can tell "signed out" from
 * "network down".
 */
export async function registerSyncRoutes(app: FastifyInstance, deps: SyncRouteDeps) {
  const connections = new Set<SyncConnection>();
  /** Open connections per person id, capped, and the turns they share (issue 35). */
  const byPerson = new Map<string, { open: number; turns: PersonTurns }>();
  const { limits } = deps;
  const snapshots = new SnapshotCache({
    ...DEFAULT_SNAPSHOT_CACHE,
    firstChunkDocuments: Math.min(limits.snapshotFirstChunkDocuments, MAX_DOCUMENTS_PER_MESSAGE),
    chunkDocuments: Math.min(limits.snapshotChunkDocuments, MAX_DOCUMENTS_PER_MESSAGE),
    chunkBytes: limits.snapshotChunkBytes,
  });
  let stopping = false;
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    // Instead of the plugin's default (every socket closed at once, without a code, maybe in
    // the middle of a push): each connection finishes the message it is handling and closes
    // with 1012. Runs when the app closes, before the listener does and the database goes.
    preClose: async () => {
      stopping = true;
      await Promise.all([...connections].map((connection) => connection.drain()));
      // Sockets still between upgrade and session lookup: they have handled nothing yet.
      for (const client of app.websocketServer.clients) {
        client.close(CLOSE_SERVICE_RESTART, 'service restart');
        setTimeout(() => client.terminate(), 2_000).unref();
      }
    },
  });

  app.get(
    '/api/v1/sync',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const origin = req.headers.origin;
        if (origin !== undefined && !deps.trustedOrigins.includes(origin)) {
          await reply
            .code(403)
            .send({ error: { code: 'forbidden', message: 'origin not allowed' } });
        }
      },
    },
    async (socket, req) => {
      const headers = webHeaders(req);
      // Buffer what arrives while the session is looked up; SyncConnection replays it.
      const early: { data: unknown; isBinary: boolean }[] = [];
      const hold = (data: unknown, isBinary: boolean) => early.push({ data, isBinary });
      socket.on('message', hold);
      let person: Person | null = null;
      try {
        person = (await deps.sessions.current(headers)).person;
      } catch (err) {
        req.log.warn({ err }, 'sync: session lookup failed');
      }
      socket.off('message', hold);
      if (stopping) {
        // The shutdown began during the lookup: what arrived is not touched, the client resends.
        socket.close(CLOSE_SERVICE_RESTART, 'service restart');
        return;
      }
      if (!person) {
        socket.send(
          JSON.stringify({
            type: 'error',
            v: SYNC_PROTOCOL_VERSION,
            code: 'unauthorized',
            message: 'sign in first',
          }),
        );
        socket.close(4401, 'unauthorized');
        return;
      }
      const personId = person.id;
      const mine = byPerson.get(personId) ?? {
        open: 0,
        turns: new PersonTurns(limits.personBytesPerSecond),
      };
      const { open } = mine;
      if (open >= limits.maxConnectionsPerPerson) {
        // What arrived early is not touched: the client keeps it and sends it again later.
        req.log.warn({ personId, open }, 'sync: too many connections of one person refused');
        socket.send(
          JSON.stringify({
            type: 'error',
            v: SYNC_PROTOCOL_VERSION,
            code: 'too_many_connections',
            message: `at most ${limits.maxConnectionsPerPerson} connections per person; close one`,
          } satisfies ServerMessage),
        );
        socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
        setTimeout(() => socket.terminate(), 2_000).unref();
        return;
      }
      mine.open += 1;
      byPerson.set(personId, mine);
      socket.on('close', () => {
        mine.open -= 1;
        if (mine.open === 0 && byPerson.get(personId) === mine) byPerson.delete(personId);
      });
      const connection = new SyncConnection(socket, person, {
        turns: mine.turns,
        snapshots,
        documents: deps.documents,
        push: deps.push,
        feed: deps.feed,
        changeLogId: deps.changeLogId,
        reloadPerson: async () => (await deps.sessions.current(headers)).person,
        log: req.log,
        limits,
      });
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
      for (const { data, isBinary } of early) socket.emit('message', data, isBinary);
    },
  );
  return {
    connectionCount: () => connections.size,
    /** Open subscriptions over all connections; counted when asked (a metrics scrape). */
    subscriptionCount: () => {
      let count = 0;
      for (const connection of connections) count += connection.subscriptionCount;
      return count;
    },
    /** Every open connection of this instance re-reads its session now (people admin). */
    recheckSessions: () => {
      for (const connection of connections) connection.recheckSoon();
    },
  };
}
