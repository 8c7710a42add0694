import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthRepository } from '../src/modules/health/health.repository';
import { registerHealthRoutes } from '../src/modules/health/health.routes';
import { Readiness } from '../src/modules/health/readiness';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

describeEachDialect('readiness', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  it('is ready once started, not cached, and unavailable once the database is gone', async () => {
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });

    await app.server.database.close();
    const down = await fetch(`${app.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toEqual({ status: 'unavailable' });
  });
});

describe('readiness states', () => {
  it('is not ready before the migrations ran nor once a shutdown began', async () => {
    const readiness = new Readiness();
    const app = Fastify();
    registerHealthRoutes(app, {
      health: { ping: async () => undefined } as unknown as HealthRepository,
      readiness,
    });
    try {
      const ask = async () => {
        const response = await app.inject({ method: 'GET', url: '/readyz' });
        return { status: response.statusCode, body: response.json() as unknown };
      };
      expect(await ask()).toEqual({ status: 503, body: { status: 'migrating' } });
      readiness.markMigrated();
      expect(await ask()).toEqual({ status: 200, body: { status: 'ready' } });
      readiness.markStopping();
      expect(await ask()).toEqual({ status: 503, body: { status: 'stopping' } });
      // Liveness is another question: a stopping server is still alive.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
