import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';

const POST_ENDPOINTS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/sign-in/oauth2',
  '/api/auth/sign-in/social',
  '/api/v1/session',
  '/api/v1/client-config',
  '/healthz',
];

const GET_ENDPOINTS = [
  '/healthz?x=%zz',
  '/api/v1/session?token=1',
  '/api/v1/client-config?%00',
  '/api/auth/get-session',
  '/api/auth/reset-password/not-a-token?callbackURL=/resetpassword',
  '/api/auth/reset-password/x',
  '/api/auth/callback/enterprise?code=x&state=y',
];

const BODIES: Array<{ name: string; type: string; body: string | Buffer }> = [
  { name: 'malformed JSON', type: 'application/json', body: '{"email": "a@b.c", ' },
  { name: 'empty JSON', type: 'application/json', body: '' },
  { name: 'JSON null', type: 'application/json', body: 'null' },
  { name: 'JSON array', type: 'application/json', body: '[1,2,3]' },
  {
    name: 'wrong types',
    type: 'application/json',
    body: '{"email":42,"password":["x"],"token":{},"newPassword":false,"providerId":7,"redirectTo":3}',
  },
  {
    name: 'JSON nested 3,000 levels deep',
    type: 'application/json',
    body: `{"email":${'['.repeat(3000)}${']'.repeat(3000)}}`,
  },
  { name: 'unknown content type', type: 'application/xml', body: '<a/>' },
  { name: 'form garbage', type: 'application/x-www-form-urlencoded', body: '%%%=&&email' },
  {
    name: 'oversized body',
    type: 'application/json',
    body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
  },
];

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends one HTTP/1.1 request exactly as written (fetch cannot send an absolute-form request
 * target like `GET http://evil/path HTTP/1.1`) and reads the answer until the server closes.
 */
function rawRequest(app: TestApp, head: string, body = ''): Promise<RawResponse> {
  const lines = [head, 'Host: evil', 'Connection: close'];
  if (body)
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(app.url).port), app.host, () => {
      // Not end(): a client that half-closes may lose the answer; `Connection: close` ends it.
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]),
        headers,
        body: text.slice(split + 4),
      });
    });
  });
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { code?: unknown; error?: { code?: unknown } };
  const code = record.error?.code ?? record.code;
  return typeof code === 'string' ? code : undefined;
}

describeEachDialect('bad input', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      dialect,
      env: { AUTH_RATE_LIMIT_SIGNIN: '10000/60', AUTH_RATE_LIMIT_RESET: '10000/60' },
    });
  });
  afterAll(() => app?.stop());

  it('never answers bad bodies with a 5xx, always with an error code', async () => {
    for (const endpoint of POST_ENDPOINTS) {
      for (const { name, type, body } of BODIES) {
        const response = await fetch(`${app.url}${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
        const label = `${name} -> POST ${endpoint}: ${response.status}`;
        expect(response.status, label).toBeGreaterThanOrEqual(400);
        expect(response.status, label).toBeLessThan(500);
        const text = await response.text();
        const parsed = text ? (JSON.parse(text) as unknown) : undefined;
        expect(errorCode(parsed), `${label} ${text}`).toBeTruthy();
      }
    }
  });

  it('maps body problems to our codes', async () => {
    const post = (type: string, body: string) =>
      fetch(`${app.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    const cases: Array<[Response, number, string]> = [
      [await post('application/json', '{oops'), 400, 'invalid_json'],
      [
        await post('application/json', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`),
        400,
        'invalid_json',
      ],
      [await post('application/xml', '<a/>'), 415, 'unsupported_media_type'],
      [
        await post('application/json', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) })),
        413,
        'payload_too_large',
      ],
    ];
    for (const [response, status, code] of cases) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('answers absolute-form request targets by their path, never with a 5xx', async () => {
    const session = await rawRequest(app, 'GET http://evil/api/auth/get-session HTTP/1.1');
    expect(session.status, session.body).toBe(200);
    expect(JSON.parse(session.body)).toBeNull();

    const signIn = await rawRequest(
      app,
      'POST http://evil/api/auth/sign-in/email HTTP/1.1',
      JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    expect(signIn.status, signIn.body).toBe(200);
    expect(signIn.headers).toMatch(/^set-cookie: /im);

    const refused = await rawRequest(
      app,
      'POST http://evil/api/auth/sign-in/email HTTP/1.1',
      JSON.stringify({ email: ADMIN_EMAIL, password: 'wrong-password' }),
    );
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });

    const unknown = await rawRequest(app, 'GET http://evil/api/nope HTTP/1.1');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a request target that is no URL with 400 invalid_request', async () => {
    for (const target of [
      'http://evil:99999/api/auth/get-session',
      'http://[evil/api/auth/get-session',
    ]) {
      const response = await rawRequest(app, `GET ${target} HTTP/1.1`);
      expect(response.status, target).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        error: { code: 'invalid_request', message: expect.any(String) },
      });
    }
  });

  it('never answers odd GET requests with a 5xx', async () => {
    for (const endpoint of GET_ENDPOINTS) {
      const response = await fetch(`${app.url}${endpoint}`, { redirect: 'manual' });
      expect(response.status, `GET ${endpoint}`).toBeLessThan(500);
    }
  });
});
