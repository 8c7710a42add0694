import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem';

/**
 * Longest the drain keeps idle keep-alive connections open, answering 503, before the listener
 * closes them. A client may already be sending on such a connection; closed under it, the
 * request gets no answer and the client cannot know whether it was applied.
 */
export const DRAIN_MS = 1_000;
/** What a 503 of the drain tells the client: another instance, or this one restarted, by then. */
export const RETRY_AFTER_SECONDS = 2;

/** Paths that answer the load balancer themselves (`/readyz` says `stopping`). */
const PROBES = new Set(['/healthz', '/readyz']);

export interface GracefulClose {
  /**
   * From now on every new request is answered 503 problem+json with Retry-After and
   * `Connection: close`; resolves once no connection is left or after DRAIN_MS.
   */
  drain(): Promise<void>;
}

/**
 * Shutdown without a request left unanswered (issue 35). While draining, a request that arrives
 * (also on a kept-alive connection) is answered 503, and its connection then closes, instead of
 * being cut; the listener closes after the drain (app.close). Requests already running finish.
 */
export function registerGracefulClose(app: FastifyInstance, drainMs = DRAIN_MS): GracefulClose {
  let draining = false;
  let closing = false;
  // Open connections; the sync WebSockets among them close with 1012 after the drain.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!draining || PROBES.has(req.url.split('?')[0]!)) return;
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // (HTTP/2 has no Connection header: its sessions end with GOAWAY when the server closes.)
    if (req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    // A WebSocket upgrade's socket is the websocket plugin's, which ends it only once upgraded.
    if (req.headers.upgrade !== undefined) reply.raw.once('finish', () => req.raw.socket.destroy());
    return sendProblem(req, reply, {
      status: 503,
      code: 'unavailable',
      message: 'The server is restarting; send the request again',
      domainMessage: { key: 'server.restarting' },
    });
  });

  // On close, Node ends the keep-alive connections that are idle at that moment and then waits
  // for the others. A connection whose answer was still being written (the last bytes of a
  // download) becomes idle a moment later and would hold the server open until its keep-alive
  // timeout (72 s), so while closing each answer that ends closes its idle connection.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    // (An HTTP/2 server has none of these: Fastify closes its sessions on close itself.)
    if (closing && 'closeIdleConnections' in app.server) app.server.closeIdleConnections();
  });

  return {
    async drain() {
      draining = true;
      const until = Date.now() + drainMs;
      while (connections.size > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
