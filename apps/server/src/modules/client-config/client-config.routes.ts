import { clientConfigSchema, type ClientConfig } from '@qa/domain';
import type { FastifyInstance } from 'fastify';
import type { BuildInfo } from '../../config/build-info';
import type { AppConfig } from '../../config/env';

export function clientConfig(config: AppConfig, build: BuildInfo): ClientConfig {
  return {
    project: build.project,
    version: build.version,
    build: build.build,
    reloadEnabled: config.reloadEnabled,
    enterpriseLogin: config.oidc
      ? [{ providerId: config.oidc.providerId, label: config.oidc.label }]
      : [],
    socialLogin: config.social
      ? [{ providerId: config.social.provider, label: config.social.label }]
      : [],
  };
}

/** Public: the sign-in page needs it before anyone is signed in. */
export function registerClientConfigRoutes(
  app: FastifyInstance,
  { config, build }: { config: AppConfig; build: BuildInfo },
): void {
  const body = clientConfig(config, build);
  app.get(
    '/api/v1/client-config',
    {
      schema: {
        tags: ['meta'],
        summary: 'The version and the sign-in options, before anyone is signed in',
        operationId: 'clientConfig_get',
        security: [],
        response: { 200: clientConfigSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
}
