import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_PRESETS, type AppConfig } from '../config/env';

/** Origins the browser may be sent to by a form or redirect during sign-in. */
function identityProviderOrigins(config: AppConfig): string[] {
  const { oidc, social } = config;
  const issuers = [
    oidc?.issuer,
    social ? (social.issuer ?? SOCIAL_PRESETS[social.provider].issuer) : undefined,
  ].filter((issuer): issuer is string => Boolean(issuer));
  return [...new Set(issuers.map((issuer) => new URL(issuer).origin))];
}

/**
 * A strict Content-Security-Policy: only our own scripts (and WebAssembly they compile). Styles allow 'unsafe-inline'
 * because MUI (emotion) injects style elements at run time. HSTS and
 * upgrade-insecure-requests only over https, or a plain-http installation (and the tests on
 * http://127.0.0.1) would lock browsers out.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: AppConfig,
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // WebAssembly may be compiled (never JavaScript evaluated): the PDF report's layout
        // engine (yoga, in react-pdf) is WebAssembly (decision 52).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // data: for the layout engine's WebAssembly, which react-pdf inlines as a data: URL and
        // fetches (decision 74); a data: URL reaches no server, so nothing can leave through it.
        connectSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...identityProviderOrigins(config)],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    // The same as frame-ancestors 'none', for browsers that only know the old header.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (isBuiltSubresource(request.url, reply.getHeader('content-type'))) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
  });
}

/**
 * Headers a browser reads only on a document (or a worker): on a script, a stylesheet, a font or
 * a picture they do nothing. Every first screen loads about fifty hashed files from /assets over
 * plain HTTP/1.1, where headers travel uncompressed, and these came to about 550 bytes per file,
 * some 28 KB per first load on a phone link (issue 18). `X-Content-Type-Options: nosniff` and
 * `Cross-Origin-Resource-Policy` stay: they are the ones that protect a subresource. So does
 * everything on index.html, sw.js (a worker takes its CSP from its own response), SVG (it can
 * run script when opened on its own), the API and the stored files.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  // Hashed names never change content and go out `immutable`: nobody revalidates them by date.
  'last-modified',
] as const;

const SUBRESOURCE_TYPE =
  /^(?:application\/javascript|text\/javascript|text\/css|font\/|image\/(?:png|webp|jpeg|x-icon))/;

function isBuiltSubresource(url: string, contentType: unknown): boolean {
  return (
    url.startsWith('/assets/') &&
    typeof contentType === 'string' &&
    SUBRESOURCE_TYPE.test(contentType)
  );
}
