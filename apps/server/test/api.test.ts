import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsWithoutRoute } from '../src/modules/api/api-commands';
import { ApiContract } from './api/api-contract';
import type { paths } from './api/openapi.generated';
import { describeEachDialect } from './support/dialects';
import { runServer } from './support/server-process';
import { startApp, type TestApp } from './support/start-app';
import { signedInCookie, SyncSocket } from './support/sync-socket';

/* eslint-disable @typescript-eslint/no-explicit-any */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const GENERATED = path.join(HERE, 'api', 'openapi.generated.ts');
/** The secret part of `qat_<16-character id>_<secret>` (the secret may hold `_` itself). */
const secretPart = (token: string) => token.slice('qat_'.length + 16 + 1);
const OPENAPI_TYPESCRIPT = path.resolve(
  HERE,
  '../../../node_modules/openapi-typescript/bin/cli.js',
);

/**
 * Issue 16: the REST API. Every answer of these tests goes through `contract.fetch`, which
 * checks it against the served OpenAPI document; the scenario is driven by a typed client whose
 * types openapi-typescript generated from that document (test/api/openapi.generated.ts, kept
 * current by the first test).
 */
describeEachDialect('REST API', (dialect) => {
  let app: TestApp;
  let contract: ApiContract;
  let admin: { cookie: string; personId: string };
  let auditor: { cookie: string; personId: string };
  let adminToken: string;

  /** A raw call through the contract checker. */
  async function call(
    method: string,
    url: string,
    {
      token,
      cookie,
      body,
      headers = {},
    }: {
      token?: string;
      cookie?: string;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await contract.fetch(`${app.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie, origin: app.url } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
    };
  }

  async function newToken(
    who: { cookie: string },
    options: { name?: string; readOnly?: boolean; expiresAt?: string } = {},
  ): Promise<{ id: string; secret: string }> {
    const created = await call('POST', '/api/v1/me/tokens', {
      cookie: who.cookie,
      body: { name: options.name ?? 'ERP', ...options },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.token.id, secret: created.body.secret };
  }

  beforeAll(async () => {
    app = await startApp({
      dialect,
      env: { AUTH_RATE_LIMIT_SIGNIN: '100/60', API_RATE_LIMIT: '100000/60' },
    });
    const document = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
    contract = new ApiContract(document);
    admin = await signedInCookie(app, {
      email: `api-admin-${dialect}@example.com`,
      roles: ['admin'],
    });
    auditor = await signedInCookie(app, {
      email: `api-auditor-${dialect}@example.com`,
      roles: ['auditor'],
    });
    adminToken = (await newToken(admin)).secret;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('serves a valid OpenAPI 3.1 document with a route for every command, and the client types are current', async () => {
    const { valid, errors } = await ApiContract.validateDocument(contract.document);
    expect(errors).toBeUndefined();
    expect(valid).toBe(true);
    expect(contract.document.openapi).toBe('3.1.0');
    expect(commandsWithoutRoute()).toEqual([]);
    const docs = await fetch(`${app.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    if (dialect !== 'sqlite') return;
    // The committed client types are what openapi-typescript makes of the served document.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-openapi-'));
    try {
      const input = path.join(dir, 'openapi.json');
      const output = path.join(dir, 'openapi.generated.ts');
      await writeFile(input, JSON.stringify(contract.document));
      execFileSync(process.execPath, [OPENAPI_TYPESCRIPT, input, '-o', output], {
        stdio: 'ignore',
      });
      expect(await readFile(output, 'utf8'), 'run `npm run api:types -w @qa/server`').toBe(
        await readFile(GENERATED, 'utf8'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('drives an audit from creation to a closed measure with the typed client, and a sync client sees each step live', async () => {
    const client = createClient<paths>({
      baseUrl: app.url,
      fetch: contract.fetch,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const socket = await SyncSocket.open(app, { cookie: auditor.cookie, origin: app.url });
    await socket.hello(`watcher-${dialect}`);
    socket.send({
      type: 'subscribe',
      subscriptionId: 'audits',
      query: { collection: 'audits', filters: [] },
    });
    await socket.next('snapshot', (m) => m.subscriptionId === 'audits');
    try {
      const created = await client.POST('/api/v1/audits', {
        body: {
          name: `Supplier Styr ${dialect}`,
          leadauditor: admin.personId,
          planning_year: 2026,
          auditor: [auditor.personId],
        },
      });
      expect(created.response.status).toBe(201);
      const auditId = created.data!.id;
      expect(created.response.headers.get('location')).toBe(`/api/v1/audits/${auditId}`);
      expect(created.response.headers.get('etag')).toBe('"1"');
      const delta = await socket.next('delta', (m) =>
        m.changes.some((change) => change.id === auditId),
      );
      expect(delta.changes.find((change) => change.id === auditId)?.data).toMatchObject({
        name: `Supplier Styr ${dialect}`,
      });

      const item = await client.POST('/api/v1/audits/{auditId}/items', {
        params: { path: { auditId } },
        body: { question: { text: 'Are the pallets stored safely?', importance: '3' } } as any,
      });
      expect(item.response.status, JSON.stringify(item.error)).toBe(201);
      const itemId = item.data!.id;

      const finding = await client.POST('/api/v1/audits/{auditId}/items/{itemId}/findings', {
        params: { path: { auditId, itemId } },
        body: { finding: { importance: '3', text: 'Pallets in the aisle' } } as any,
      });
      expect(finding.response.status, JSON.stringify(finding.error)).toBe(200);
      const findingId = Object.keys((finding.data!.data as any).deviations)[0]!;

      const measure = await client.POST('/api/v1/measures', {
        body: {
          text: 'Mark the aisles',
          audit_id: auditId,
          audititem_id: itemId,
          deviation_id: findingId,
          assignedTo: [auditor.personId],
          dueDate: '2026-12-31',
        },
      });
      expect(measure.response.status, JSON.stringify(measure.error)).toBe(201);
      const measureId = measure.data!.id;
      for (const to of ['2', '3', '4', '5']) {
        const moved = await client.POST('/api/v1/measures/{id}/status', {
          params: { path: { id: measureId } },
          body: { to },
        });
        expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
      }
      const checked = await client.POST('/api/v1/measures/{id}/effectiveness', {
        params: { path: { id: measureId } },
        body: { effective: true, comment: 'Aisles marked and clear' },
      });
      expect(checked.data?.data.status).toBe('6');

      // A caller names the status it wants: '3' is Execution (decision 71), not read as a step.
      const executing = await client.POST('/api/v1/audits/{id}/status', {
        params: { path: { id: auditId } },
        body: { status: '3' },
      });
      expect(executing.response.status, JSON.stringify(executing.error)).toBe(200);
      expect(executing.data?.data.workflow).toEqual({ status: '3' });

      const audit = await client.GET('/api/v1/audits/{id}', { params: { path: { id: auditId } } });
      expect(audit.data?.items.map((entry) => entry.id)).toEqual([itemId]);
      expect((audit.data?.items[0]?.data as any).deviations[findingId].text).toBe(
        'Pallets in the aisle',
      );
      const measures = await client.GET('/api/v1/measures', {
        params: { query: { auditId, limit: 10 } },
      });
      expect(measures.data?.items.map((entry) => [entry.id, entry.data.status])).toEqual([
        [measureId, '6'],
      ]);
      const open = await client.GET('/api/v1/measures', {
        params: { query: { auditId, filter: 'open' } },
      });
      expect(open.data?.items).toEqual([]);
      const completed = await client.GET('/api/v1/measures', {
        params: { query: { auditId, filter: 'completed' } },
      });
      expect(completed.data?.items.map((entry) => entry.id)).toEqual([measureId]);
      const listed = await client.GET('/api/v1/audits', {
        params: { query: { year: 2026, leadAuditor: admin.personId, limit: 50 } },
      });
      expect(listed.data?.items.map((entry) => entry.id)).toContain(auditId);
    } finally {
      socket.close();
    }
  });

  it("prepares an audit from a template and from another audit's questions", async () => {
    const template = await call('POST', '/api/v1/templates', {
      token: adminToken,
      body: { name: `Template ${dialect}` },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const templateId = template.body.id;
    for (const text of ['Is the 5S board current?', 'Are gauges calibrated?']) {
      const added = await call('POST', `/api/v1/templates/${templateId}/items`, {
        token: adminToken,
        body: { question: { text, importance: '3' } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const questions = async (auditId: string) =>
      (await call('GET', `/api/v1/audits/${auditId}`, { token: adminToken })).body.items
        .map((entry: any) => entry.data.question.text)
        .sort();
    const newAudit = async (name: string) =>
      (
        await call('POST', '/api/v1/audits', {
          token: adminToken,
          body: { name, leadauditor: admin.personId, planning_year: 2026 },
        })
      ).body.id as string;

    const first = await newAudit(`From template ${dialect}`);
    const used = await call('POST', `/api/v1/audits/${first}/use-template`, {
      token: adminToken,
      body: { templateId },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(await questions(first)).toEqual(['Are gauges calibrated?', 'Is the 5S board current?']);

    const second = await newAudit(`Copied ${dialect}`);
    const copied = await call('POST', `/api/v1/audits/${second}/copy-items`, {
      token: adminToken,
      body: { sourceAuditId: first },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(await questions(second)).toEqual(await questions(first));
  });

  it('pages through a list with a cursor', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const created = await call('POST', '/api/v1/audits', {
        token: adminToken,
        body: {
          id: `page-${dialect}-${n}`,
          name: `Paged ${n}`,
          leadauditor: auditor.personId,
          planning_year: 2026,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/v1/audits?year=2026&leadAuditor=${auditor.personId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call('GET', query, { token: adminToken });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((entry: any) => entry.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].sort());
  });

  it('refuses a stale If-Match with 412 in the caller language, and applies an Idempotency-Key once', async () => {
    const created = await call('POST', '/api/v1/audits', {
      token: adminToken,
      body: { name: 'Concurrency', leadauditor: admin.personId, planning_year: 2026 },
    });
    const url = `/api/v1/audits/${created.body.id}`;
    const first = await call('PATCH', url, {
      token: adminToken,
      body: { name: 'Concurrency 2' },
      headers: { 'if-match': '"1"' },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"2"');
    const stale = await call('PATCH', url, {
      token: adminToken,
      body: { name: 'Concurrency lost' },
      headers: { 'if-match': '"1"', 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.body).toMatchObject({
      status: 412,
      code: 'precondition_failed',
      key: 'api.preconditionFailed',
      version: 2,
    });
    expect(stale.body.detail).toContain('Version 2');
    expect((await call('GET', url, { token: adminToken })).body.data.name).toBe('Concurrency 2');

    const body = { text: 'Idempotent measure', dueDate: '2026-12-31' };
    const headers = { 'idempotency-key': `measure-${dialect}-1` };
    const one = await call('POST', '/api/v1/measures', { token: adminToken, body, headers });
    const two = await call('POST', '/api/v1/measures', { token: adminToken, body, headers });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(two.status).toBe(201);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(two.body.id).toBe(one.body.id);
    const all = await call('GET', '/api/v1/measures?limit=500', { token: adminToken });
    expect(all.body.items.filter((m: any) => m.data.text === 'Idempotent measure')).toHaveLength(1);
  });

  it("answers a domain rule's refusal as a problem with the key and the translated text", async () => {
    const refused = await call('POST', '/api/v1/audits', {
      token: adminToken,
      body: { name: 'No lead' },
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.key).toMatch(/\./);
    expect(refused.body.detail).not.toBe(refused.body.key);
    const german = await call('POST', '/api/v1/audits', {
      token: adminToken,
      body: { name: 'No lead' },
      headers: { 'accept-language': 'de' },
    });
    expect(german.body.key).toBe(refused.body.key);
    expect(german.body.detail).not.toBe(refused.body.detail);
    const missing = await call('GET', '/api/v1/audits/nothing-here', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('refuses expired, revoked, read-only (for writes), foreign-role and malformed tokens, and tokens managing tokens', async () => {
    const stranger = await call('GET', '/api/v1/audits');
    expect(stranger.status).toBe(401);
    expect((await call('GET', '/api/v1/audits', { token: 'qat_nonsense' })).body.code).toBe(
      'token_invalid',
    );

    const readOnly = await newToken(admin, { name: 'BI', readOnly: true });
    expect((await call('GET', '/api/v1/audits', { token: readOnly.secret })).status).toBe(200);
    const write = await call('POST', '/api/v1/measures', {
      token: readOnly.secret,
      body: { text: 'Not allowed' },
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('token_read_only');

    const revoked = await newToken(admin, { name: 'Old' });
    expect(
      (await call('DELETE', `/api/v1/me/tokens/${revoked.id}`, { cookie: admin.cookie })).status,
    ).toBe(204);
    const afterRevoke = await call('GET', '/api/v1/audits', { token: revoked.secret });
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.code).toBe('token_revoked');

    const expiring = await newToken(admin, { name: 'Short' });
    await app.server.database.db
      .updateTable('api_tokens')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', expiring.id)
      .execute();
    // A new server instance would read it at once; this one caches a token for a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const expired = await call('GET', '/api/v1/audits', { token: expiring.secret });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_expired');

    // An auditor's token acts with the auditor's roles: no standards import.
    const auditorToken = await newToken(auditor, { name: 'Mine' });
    const foreign = await call('PUT', '/api/v1/standards/ISO-9001-api', {
      token: auditorToken.secret,
      body: { name: 'ISO 9001', description: 'x', chapters: [{ chapter: '1', title: 'Scope' }] },
    });
    expect(foreign.status).toBe(403);
    const tokenMakesToken = await call('POST', '/api/v1/me/tokens', {
      token: auditorToken.secret,
      body: { name: 'Forever' },
    });
    expect(tokenMakesToken.status).toBe(403);

    const list = await call('GET', '/api/v1/me/tokens', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secretPart(readOnly.secret));
    expect(list.body.tokens.find((token: any) => token.id === revoked.id).revokedAt).not.toBeNull();
  }, 20_000);

  it('tells a person who may not import 403 before looking at the body or the headers', async () => {
    const auditorToken = (await newToken(auditor, { name: 'Importer' })).secret;
    const audits = await call('POST', '/api/v1/audits/import', {
      token: auditorToken,
      body: { audits: 'not a list' },
    });
    expect(audits.status).toBe(403);
    expect(audits.body.code).toBe('forbidden');
    const standard = await call('PUT', '/api/v1/standards/ISO-9001-api', {
      token: auditorToken,
      body: { chapters: 7 },
      headers: { 'if-match': 'not an etag' },
    });
    expect(standard.status).toBe(403);
    // Someone who may import learns what is wrong with the body.
    const mine = await call('POST', '/api/v1/audits/import', {
      token: adminToken,
      body: { audits: 'not a list' },
    });
    expect(mine.status).toBe(400);
    expect(mine.body.code).toBe('invalid_args');
  });

  it('uploads and downloads a finding photo with a token', async () => {
    const audit = await call('POST', '/api/v1/audits', {
      token: adminToken,
      body: { name: 'Photos', leadauditor: admin.personId, planning_year: 2026 },
    });
    const auditId = audit.body.id;
    const item = await call('POST', `/api/v1/audits/${auditId}/items`, {
      token: adminToken,
      body: { question: { text: 'Clean?', importance: '3' } },
    });
    const finding = await call('POST', `/api/v1/audits/${auditId}/items/${item.body.id}/findings`, {
      token: adminToken,
      body: { finding: { id: 'f1', importance: '3', text: 'Dust' } },
    });
    expect(finding.status).toBe(200);
    const fileId = `photo-${dialect}`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dust.png');
    const upload = await fetch(`${app.url}/api/v1/files/${fileId}?auditId=${auditId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const attached = await call(
      'PUT',
      `/api/v1/audits/${auditId}/items/${item.body.id}/findings/f1/media/m1`,
      {
        token: adminToken,
        body: {
          media: {
            fileId,
            url: `/api/v1/files/${fileId}`,
            name: 'dust.png',
            contentType: 'image/png',
            size: png.length,
          },
        },
      },
    );
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const download = await fetch(`${app.url}/api/v1/files/${fileId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  });

  it('every answer of these tests matches the OpenAPI document', () => {
    expect(contract.checked.length).toBeGreaterThan(20);
    expect(contract.breaches).toEqual([]);
  });
});

describe('REST API limits and logs', () => {
  it('rate-limits per token with a 429 problem, and never logs a token', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-api-log-'));
    const server = await runServer({
      DATA_DIR: dataDir,
      API_RATE_LIMIT: '3/60',
      LOG_LEVEL: 'debug',
      INITIAL_ADMIN_EMAIL: 'log-admin@example.com',
      INITIAL_ADMIN_PASSWORD: 'log-admin-password-1',
      WEB_DIST: path.join(dataDir, 'none'),
    });
    try {
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'log-admin@example.com', password: 'log-admin-password-1' }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((entry) => entry.split(';')[0])
        .join('; ');
      const created = await fetch(`${server.url}/api/v1/me/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ name: 'Loop' }),
      });
      const { secret } = (await created.json()) as { secret: string };
      const statuses: number[] = [];
      for (let n = 0; n < 5; n += 1) {
        const answer = await fetch(`${server.url}/api/v1/audits?token=${n}`, {
          headers: { authorization: `Bearer ${secret}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
          expect(((await answer.json()) as { code: string }).code).toBe('rate_limited');
          expect(answer.headers.get('retry-after')).not.toBeNull();
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // A session (the web app) is not counted against any token.
      const bySession = await fetch(`${server.url}/api/v1/audits`, { headers: { cookie } });
      expect(bySession.status).toBe(200);
      const { stdout, stderr } = server.output();
      expect(stdout).toContain('/api/v1/audits');
      expect(stdout + stderr).not.toContain(secret);
      expect(stdout + stderr).not.toContain(secretPart(secret));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
