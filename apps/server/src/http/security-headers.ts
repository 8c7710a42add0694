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
 * A strict Content-Security-Policy: only our own scripts. Styles allow 'unsafe-inline'
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
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
}
