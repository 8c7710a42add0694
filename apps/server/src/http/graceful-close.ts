import type { FastifyInstance } from 'fastify';

/**
 * On close, Node ends the keep-alive connections that are idle at that moment and then waits
 * for the others. A connection whose answer was still being written (the last bytes of a file
 * download, which the client may already have read) becomes idle a moment later and would keep
 * the server open until its keep-alive timeout (Fastify's 72 s): a restart or a test would wait
 * that long. So while the server closes, each answer that ends closes its idle connection.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    // (An HTTP/2 server has none of these: Fastify closes its sessions on close itself.)
    if (closing && 'closeIdleConnections' in app.server) app.server.closeIdleConnections();
  });
}
