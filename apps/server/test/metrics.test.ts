import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { createAudit, fileForm, filePerson, fileUrl, type FilePerson } from './support/file-owners';
import { freePort } from './support/free-port';
import { Scrape } from './support/prometheus-text';
import { persisted, startApp, type TestApp } from './support/start-app';
import { pushCommand } from './support/sync-socket';

const TOKEN = 'metrics-test-token-0123456789';
const PDF = Buffer.from('%PDF-1.4\n% a tiny test document for the metrics\n');

async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return Scrape.parse(await response.text());
}

describeEachDialect('metrics behind METRICS_TOKEN', (dialect) => {
  let app: TestApp;
  let qm: FilePerson;
  const metricsUrl = () => `${app.url}/metrics`;

  beforeAll(async () => {
    app = await startApp({ dialect, env: { METRICS_TOKEN: TOKEN } });
    qm = await filePerson(app, 'qm.metrics@example.com', ['qm']);
  });
  afterAll(async () => {
    qm?.socket.close();
    await app?.stop();
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const without = await fetch(metricsUrl());
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(metricsUrl(), { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const basic = `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`;
    expect((await fetch(metricsUrl(), { headers: { authorization: basic } })).status).toBe(401);
  });

  it('counts commands, requests, uploads and open subscriptions as they happen', async () => {
    const before = await scrape(metricsUrl());

    await createAudit(qm, 'audit-metrics-1', { lead: qm.personId });
    const refused = await pushCommand(qm, 'audit.create', { id: 'audit-metrics-2' });
    if (refused.type !== 'reject') throw new Error('an audit without a name was taken');
    const unknown = await pushCommand(qm, 'no.such-command', {});
    expect(unknown).toMatchObject({ type: 'reject', code: 'unknown_command' });
    qm.socket.send({
      type: 'subscribe',
      subscriptionId: 'audits',
      query: { collection: 'audits', filters: [] },
    });
    await qm.socket.next('snapshot');
    const fileId = `metrics-file-${Date.now()}`;
    const upload = await fetch(fileUrl(app, fileId, { auditId: 'audit-metrics-1' }), {
      method: 'PUT',
      headers: { cookie: qm.cookie },
      body: fileForm(PDF, 'report.pdf'),
    });
    expect(upload.status).toBe(201);
    const probe = `/api/v1/no-such-${Date.now()}`;
    expect((await fetch(`${app.url}${probe}`)).status).toBe(404);

    const after = await scrape(metricsUrl());
    const moved = (name: string, labels: Record<string, string>, read = 'value') => {
      const at = (s: Scrape) => (read === 'count' ? s.count(name, labels) : s.value(name, labels));
      return at(after) - at(before);
    };
    const created = { command: 'audit.create' };
    expect(moved('qa_commands_total', { ...created, outcome: 'accepted', code: '' })).toBe(1);
    expect(
      moved('qa_commands_total', { ...created, outcome: 'rejected', code: refused.code }),
    ).toBe(1);
    // A name no command has is whatever a client sent: it gets no series of its own.
    expect(
      moved('qa_commands_total', {
        command: 'unknown',
        outcome: 'rejected',
        code: 'unknown_command',
      }),
    ).toBe(1);
    expect(after.labelValues('qa_commands_total', 'command')).not.toContain('no.such-command');
    expect(moved('qa_command_duration_seconds', created, 'count')).toBe(2);

    expect(moved('qa_upload_bytes_total', {})).toBe(PDF.length);
    const route = '/api/v1/files/*';
    expect(
      moved(
        'qa_http_request_duration_seconds',
        { method: 'PUT', route, status_code: '201' },
        'count',
      ),
    ).toBe(1);
    // Route patterns only, never the URL a client chose (ids, queries).
    const routes = after.labelValues('qa_http_request_duration_seconds', 'route');
    expect(routes.some((r) => r.includes(fileId) || r.includes(probe))).toBe(false);
    expect(routes).toContain('unmatched');
    expect(routes).not.toContain('/metrics');

    expect(after.value('qa_sync_connections')).toBe(1);
    expect(after.value('qa_sync_subscriptions')).toBe(1);
    // One instance: its feed has delivered everything it acknowledged.
    expect(after.value('qa_change_log_lag')).toBe(0);
    // prom-client's process and event-loop metrics, under the same prefix.
    expect(after.family('qa_nodejs_eventloop_lag_seconds').type).toBe('gauge');
    expect(after.family('qa_process_cpu_seconds_total').type).toBe('counter');
    if (dialect === 'postgres') {
      expect(after.value('qa_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(after.family('qa_db_pool_waiting_queries').type).toBe('gauge');
    } else {
      expect(after.has('qa_db_pool_connections')).toBe(false);
    }
  });

  it.runIf(dialect === 'postgres')(
    "shows another instance's lag behind the shared change log",
    async () => {
      const other = await startApp({
        dialect,
        env: { METRICS_TOKEN: TOKEN },
        reuse: {
          dataDir: await mkdtemp(path.join(os.tmpdir(), 'qa-metrics-other-')),
          database: persisted(app).database,
        },
      });
      try {
        // A feed that stopped following (its LISTEN connection lost, say) stands still.
        await other.server.sync.feed.close();
        const before = await scrape(`${other.url}/metrics`);
        await createAudit(qm, 'audit-metrics-lag', { lead: qm.personId });
        const after = await scrape(`${other.url}/metrics`);
        expect(after.value('qa_change_log_lag')).toBeGreaterThan(before.value('qa_change_log_lag'));
        // This instance wrote the change and delivered it before acknowledging.
        expect((await scrape(metricsUrl())).value('qa_change_log_lag')).toBe(0);
      } finally {
        // The database is the first app's: only this instance's own folder goes.
        await other.stop({ keepData: true });
        await rm(other.dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('metrics on METRICS_PORT', () => {
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    app = await startApp({ dialect: 'sqlite', env: { METRICS_PORT: String(port) } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves /metrics on its own port only, and stops with the app', async () => {
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect((await Scrape.parse(await own.text())).family('qa_commands_total').type).toBe('counter');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);

    await app.stop();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metrics unconfigured', () => {
  it('are not served at all', async () => {
    const app = await startApp({ dialect: 'sqlite' });
    try {
      expect(app.server.metrics).toBeNull();
      expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });
});
