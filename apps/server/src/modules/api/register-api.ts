import rateLimit from '@fastify/rate-limit';
import { parseApiToken } from '@qa/domain';
import type { FastifyInstance } from 'fastify';
import type { RateLimitRule } from '../../config/env';
import { bearerToken, signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import type { SessionService } from '../auth/session.service';
import type { ChangeFeed } from '../sync/change-feed';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { PushService } from '../sync/push.service';
import { registerApiCommandRoutes } from './api-commands.routes';
import { registerApiReadRoutes } from './api-reads.routes';
import { registerApiTokenRoutes } from './api-tokens.routes';
import type { ApiTokensService } from './api-tokens.service';

export interface ApiDeps {
  sessions: SessionService;
  tokens: ApiTokensService;
  documents: DocumentsRepository;
  push: PushService;
  feed: ChangeFeed;
  trustedOrigins: readonly string[];
  rateLimit: RateLimitRule;
}

/**
 * The public REST API (issue 16, docs/api.md "REST API"): reads, every command as a resource
 * action, one's own API tokens. Requests with an API token are rate-limited per token (the
 * session's own use by the web app is not: it syncs over the socket).
 */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: deps.rateLimit.max,
    timeWindow: deps.rateLimit.window * 1000,
    // Keyed by the token's id (read from its shape, before it is checked: a made-up token
    // spends its own bucket and is refused anyway).
    allowList: (req) => {
      const bearer = bearerToken(req);
      return bearer === null || parseApiToken(bearer) === null;
    },
    keyGenerator: (req) => `token:${parseApiToken(bearerToken(req) ?? '')?.id ?? ''}`,
    errorResponseBuilder: (_req, context) => {
      const error = new Error(`rate limit of ${context.max} requests per ${context.after} reached`);
      return Object.assign(error, { statusCode: 429 });
    },
  });
  const { requirePerson, personOf, tokenOf } = signedInGuard(deps.sessions);
  const requireTrustedOrigin = trustedOriginGuard(deps.trustedOrigins);
  registerApiReadRoutes(app, { documents: deps.documents, requirePerson, personOf });
  registerApiCommandRoutes(app, {
    documents: deps.documents,
    push: deps.push,
    feed: deps.feed,
    requirePerson,
    requireTrustedOrigin,
    personOf,
  });
  registerApiTokenRoutes(app, {
    tokens: deps.tokens,
    requirePerson,
    requireTrustedOrigin,
    personOf,
    tokenOf,
  });
}
