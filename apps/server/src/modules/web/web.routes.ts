import { sendProblem } from '../../http/problem';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originFormTarget } from '../../http/web-request';
import { errorBody } from '../../shared/app-error';
import { getSessionCookie } from 'better-auth/cookies';
import { createRoutePreloads } from './route-preloads';

/** Shown before anyone chose a language, so it says everything in German and English. */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Quality Audit: web app not built / Web-App nicht gebaut</title></head>
<body>
<section lang="en"><h1>The web app has not been built</h1>
<p>The server is running, but there is no web app to serve. Run <code>npm run build</code> in the
repository root (or set WEB_DIST to a built web app) and reload this page.</p></section>
<section lang="de"><h1>Die Web-App wurde noch nicht gebaut</h1>
<p>Der Server läuft, hat aber keine Web-App, die er ausliefern könnte. Führen Sie
<code>npm run build</code> im Hauptverzeichnis des Repositorys aus (oder setzen Sie WEB_DIST auf eine
gebaute Web-App) und laden Sie diese Seite neu.</p></section>
</body></html>
`;

/** Hashed file names under /assets never change content, so browsers may keep them forever. */
function cacheControlFor(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep);
  return relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    // Served here only with METRICS_TOKEN; otherwise a scraper pointed here must hear 404.
    pathname === '/metrics'
  );
}

/** A request for a file (it has an extension or lives under /assets) that does not exist. */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * Serves the built web app and answers index.html for its client-side routes (/audit/..., ...).
 * Missing files and unknown API paths get a 404 instead, so a stale chunk name never turns
 * into HTML parsed as JavaScript and an API typo never looks like success.
 *
 * The build writes a brotli and a gzip copy beside every text file (vite.config.ts); a browser
 * that accepts one gets it as it is, with no compression work per request (index.html too).
 * Caches must keep the variants apart, hence `Vary: accept-encoding` on every file.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  { webDist }: { webDist: string },
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    redirect: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(webDist, filePath));
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // A file under /assets is named by its content's hash and cached as immutable: no browser asks
  // whether it changed, so its validators are bytes for nothing, about 40 per file over HTTP/2
  // (issue 40: some 80 chunks on a first screen's load). The other files keep theirs.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
    }
    return payload;
  });

  const preloadsFor = createRoutePreloads(webDist);
  // Checked per request: building the web app must not need a server restart.
  const sendIndex = (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!existsSync(indexFile)) {
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    const signedIn = getSessionCookie(new Headers({ cookie: req.headers.cookie ?? '' })) !== null;
    const link = preloadsFor(pathname, signedIn, req.headers['accept-language']);
    if (link) reply.header('link', link);
    return reply.sendFile('index.html');
  };

  // The static plugin treats "/" as a directory listing, which is off.
  app.get('/', (req, reply) => sendIndex(req, reply, '/'));

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = (originFormTarget(req.url) ?? req.url).split('?')[0] ?? '/';
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || isApiPath(pathname)) {
      const message = `No route for ${req.method} ${pathname}`;
      return pathname.startsWith('/api/v1/')
        ? sendProblem(req, reply, { status: 404, code: 'not_found', message })
        : reply.code(404).send(errorBody('not_found', message));
    }
    if (looksLikeFile(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    return sendIndex(req, reply, pathname);
  });
}
