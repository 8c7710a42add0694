import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Answers smaller than this go as they are: they fit one TCP segment either way, and the
 * encoder's framing would eat most of the gain.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The file download streams stored photos and PDFs (mostly compressed already) with their length. */
const FILE_DOWNLOAD_PREFIX = '/api/v1/files/';

/**
 * Which routes compress on the fly: the API's JSON answers. Not the web app's files (built
 * with .br and .gz siblings, served by @fastify/static), not the sync WebSocket (its frames are
 * small and permessage-deflate would cost memory per connection), not file downloads (they keep
 * their Content-Length, so a browser shows progress and ranges stay byte ranges of the file).
 */
function compressesOnTheFly(route: RouteOptions): boolean {
  if ('websocket' in route && route.websocket) return false;
  return route.url.startsWith('/api/') && !route.url.startsWith(FILE_DOWNLOAD_PREFIX);
}

/**
 * Registers brotli/gzip compression of API answers larger than the threshold, for clients that
 * ask for it (Accept-Encoding); answers say `Vary: accept-encoding`. Must come before the routes:
 * it hooks only the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook: a route marked `compress: false` is left alone.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !compressesOnTheFly(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: a compressed upload would slip past the size limits.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
