import http from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';
import { SyncSocket } from './support/sync-socket';

/** One HTTP/1.1 request on `agent`: its status, headers and body, or the socket error. */
function request(
  app: TestApp,
  agent: http.Agent,
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.url);
    const req = http.request(
      url,
      { method, agent, headers: { 'content-type': 'application/json', 'accept-language': 'de' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

describeEachDialect('shutdown drain', (dialect) => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.stop();
    app = null;
  });

  it('answers requests on kept-alive connections 503 with Retry-After, then closes them', async () => {
    app = await startApp({ dialect });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 9 });
    // Nine connections, each idle and kept alive, as a client's pool after some work.
    const warm = await Promise.all(
      Array.from({ length: 9 }, () => request(app!, agent, 'GET', '/healthz')),
    );
    expect(warm.every((answer) => answer.status === 200)).toBe(true);

    const closed = app.server.close();
    // Writes sent just after SIGTERM, one on each of eight kept-alive connections: each gets an
    // answer, none a cut connection (the ninth stays idle, so the drain lasts its full second).
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => request(app!, agent, 'POST', '/api/v1/measures')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.headers.connection).toBe('close');
      const problem = JSON.parse(answer.body) as { code: string; detail: string };
      expect(problem.code).toBe('unavailable');
      expect(problem.detail).toContain('startet gerade neu');
    }
    // A sync socket that tries to connect now hears 503 too and backs off.
    await expect(SyncSocket.open(app)).rejects.toThrow('upgrade refused with 503');
    await closed;
    agent.destroy();
  });

  it('says not ready for SHUTDOWN_DELAY_MS while still serving, then closes', async () => {
    app = await startApp({ dialect, env: { SHUTDOWN_DELAY_MS: '1500' } });
    const agent = new http.Agent({ keepAlive: false });
    const closed = app.server.close();
    expect((await request(app, agent, 'GET', '/readyz')).status).toBe(503);
    // Still served during the delay: the load balancer is only now taking the instance out.
    expect((await request(app, agent, 'GET', '/api/v1/client-config')).status).toBe(200);
    await closed;
    await expect(request(app, agent, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });
});
