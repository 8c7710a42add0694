import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

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
  { name: 'unknown content type', type: 'application/xml', body: '<a/>' },
  { name: 'form garbage', type: 'application/x-www-form-urlencoded', body: '%%%=&&email' },
  {
    name: 'oversized body',
    type: 'application/json',
    body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
  },
];

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

  it('never answers odd GET requests with a 5xx', async () => {
    for (const endpoint of GET_ENDPOINTS) {
      const response = await fetch(`${app.url}${endpoint}`, { redirect: 'manual' });
      expect(response.status, `GET ${endpoint}`).toBeLessThan(500);
    }
  });
});
