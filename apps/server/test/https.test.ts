import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../src/config/env';
import { SERVER_DIR } from './support/server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';
import { SyncSocket } from './support/sync-socket';

const TLS_DIR = path.join(SERVER_DIR, 'test', 'fixtures', 'tls');
const TLS_ENV = {
  TLS_CERT_FILE: path.join(TLS_DIR, 'cert.pem'),
  TLS_KEY_FILE: path.join(TLS_DIR, 'key.pem'),
};
const ca = readFileSync(TLS_ENV.TLS_CERT_FILE);

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request over an HTTP/2 connection (what a browser speaks to an https: server). */
function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let status = 0;
    let answerHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      status = Number(received[':status']);
      answerHeaders = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks).toString() }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE: the server's own HTTPS, HTTP/2 for browsers and HTTP/1.1 on the
 * same port (the sync socket's upgrade). SQLite only: nothing here depends on the database.
 */
describe('the server with its own certificate', () => {
  let app: TestApp;
  let session: http2.ClientHttp2Session;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', env: TLS_ENV });
    session = http2.connect(app.url, { ca });
  });
  afterAll(async () => {
    session?.close();
    await app?.stop();
  });

  it('serves https on HTTP/2 with HSTS, and secure cookies from a sign-in over it', async () => {
    expect(app.url).toMatch(/^https:/);
    const health = await h2Request(session, { ':path': '/healthz' });
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toContain('max-age=');

    // better-auth gets the request as a Web API Request: HTTP/2's pseudo-headers are no header
    // names there, and `:authority` stands for Host.
    const signIn = await h2Request(
      session,
      {
        ':method': 'POST',
        ':path': '/api/auth/sign-in/email',
        'content-type': 'application/json',
        origin: app.url,
      },
      JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    const cookie = cookies.map((entry) => entry.split(';')[0]).join('; ');

    const me = await h2Request(session, { ':path': '/api/v1/session', cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ person: { email: ADMIN_EMAIL } });

    // The sync socket is an HTTP/1.1 upgrade on the same port (wss:).
    const socket = await SyncSocket.open(app, { cookie, origin: app.url, ca });
    await expect(socket.hello('https-client')).resolves.toMatchObject({ type: 'welcome' });
    socket.ws.close();
  });

  it('answers HTTP/1.1 clients on the same port', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      https
        .get(`${app.url}/healthz`, { ca }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  });
});

describe('TLS configuration', () => {
  it('needs both files, and makes https the default public address', () => {
    expect(() => parseEnv({ TLS_CERT_FILE: 'cert.pem' })).toThrow(ConfigError);
    expect(() => parseEnv({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE/);
    const config = parseEnv({ ...TLS_ENV, PORT: '8443' });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(config.tls).toEqual({ certFile: TLS_ENV.TLS_CERT_FILE, keyFile: TLS_ENV.TLS_KEY_FILE });
    expect(parseEnv({}).tls).toBeNull();
  });

  it('says which file it cannot read', async () => {
    await expect(
      startApp({
        dialect: 'sqlite',
        env: { ...TLS_ENV, TLS_KEY_FILE: path.join(TLS_DIR, 'missing.pem') },
      }),
    ).rejects.toThrow(/TLS_KEY_FILE: cannot read .*missing\.pem/);
  });
});
