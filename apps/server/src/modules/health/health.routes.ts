import type { FastifyInstance } from 'fastify';
import type { HealthRepository } from './health.repository';

/** For load balancers and orchestrators: healthy means the database answers. */
export function registerHealthRoutes(
  app: FastifyInstance,
  { health }: { health: HealthRepository },
): void {
  app.get('/healthz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await health.ping();
      return { status: 'ok' };
    } catch (err) {
      req.log.warn({ err }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
