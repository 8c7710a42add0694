import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './env';

function problems(env: Record<string, string>): string[] {
  try {
    parseEnv(env, '/srv/qa');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('has working defaults for an empty environment', () => {
    const config = parseEnv({}, '/srv/qa');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/qa/data',
      database: { kind: 'sqlite', file: '/srv/qa/data/app.db' },
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      initialAdmin: { email: 'admin@example.com', password: null },
      mail: { smtpUrl: null, from: 'Quality Audit <no-reply@localhost>' },
      sessionSecret: null,
      trustProxy: false,
      reloadEnabled: false,
      logLevel: 'info',
      rateLimit: {
        signIn: { max: 5, window: 60 },
        passwordReset: { max: 3, window: 60 },
        api: { max: 1200, window: 60 },
      },
      oidc: null,
      social: null,
      buildId: null,
      uploadQuotaBytes: 1024 * 1024 * 1024,
      metrics: { port: null, token: null },
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable', () => {
    const config = parseEnv(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/qa',
        DATABASE_URL: 'postgresql://qa@db/qa',
        PUBLIC_URL: 'https://qa.example.com/',
        INITIAL_ADMIN_EMAIL: 'Boss@Example.com',
        INITIAL_ADMIN_PASSWORD: 'long-enough',
        SMTP_URL: 'smtps://user:pw@mail.example.com',
        MAIL_FROM: 'QA <qa@example.com>',
        SESSION_SECRET: 'x'.repeat(40),
        TRUST_PROXY: '2',
        TRUSTED_ORIGINS: 'http://localhost:5173,https://QA.example.net/',
        RELOAD_ENABLED: '1',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_SIGNIN: '10/30',
        AUTH_RATE_LIMIT_RESET: '2/600',
        WEB_DIST: 'public',
        OIDC_ISSUER: 'https://login.example.com/realms/qa/',
        OIDC_CLIENT_ID: 'qa',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_LABEL: 'Company login',
        OIDC_SCOPES: 'openid email',
        SOCIAL_PROVIDER: 'microsoft',
        SOCIAL_CLIENT_ID: 'ms',
        SOCIAL_CLIENT_SECRET: 'ms-secret',
        BUILD_ID: 'abc123',
        UPLOAD_QUOTA_BYTES: '104857600',
      },
      '/srv/qa',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/qa',
      database: { kind: 'postgres', url: 'postgresql://qa@db/qa' },
      publicUrl: 'https://qa.example.com',
      trustedOrigins: ['https://qa.example.com', 'http://localhost:5173', 'https://qa.example.net'],
      initialAdmin: { email: 'boss@example.com', password: 'long-enough' },
      mail: { smtpUrl: 'smtps://user:pw@mail.example.com', from: 'QA <qa@example.com>' },
      sessionSecret: 'x'.repeat(40),
      trustProxy: 2,
      reloadEnabled: true,
      logLevel: 'warn',
      rateLimit: {
        signIn: { max: 10, window: 30 },
        passwordReset: { max: 2, window: 600 },
        api: { max: 1200, window: 60 },
      },
      webDist: '/srv/qa/public',
      oidc: {
        providerId: 'enterprise',
        label: 'Company login',
        issuer: 'https://login.example.com/realms/qa',
        clientId: 'qa',
        clientSecret: 'secret',
        scopes: ['openid', 'email'],
      },
      social: {
        provider: 'microsoft',
        label: 'Microsoft',
        clientId: 'ms',
        clientSecret: 'ms-secret',
        issuer: null,
      },
      buildId: 'abc123',
      uploadQuotaBytes: 104857600,
    });
  });

  it('takes the upload quota as a positive whole number of bytes', () => {
    for (const bad of ['0', '-5', '1.5', '1GiB', '1e400']) {
      expect(problems({ UPLOAD_QUOTA_BYTES: bad }), bad).toEqual([
        expect.stringMatching(/^UPLOAD_QUOTA_BYTES: /),
      ]);
    }
    expect(parseEnv({ UPLOAD_QUOTA_BYTES: ' 1 ' }, '/srv/qa').uploadQuotaBytes).toBe(1);
  });

  it('takes a shutdown delay of 0 to 60000 ms, 0 by default', () => {
    expect(parseEnv({}, '/srv/qa').shutdownDelayMs).toBe(0);
    expect(parseEnv({ SHUTDOWN_DELAY_MS: '5000' }, '/srv/qa').shutdownDelayMs).toBe(5000);
    for (const bad of ['-1', '1.5', '5s', '60001']) {
      expect(problems({ SHUTDOWN_DELAY_MS: bad }), bad).toEqual([
        expect.stringMatching(/^SHUTDOWN_DELAY_MS: /),
      ]);
    }
  });

  it('takes a port of its own and a token for /metrics', () => {
    const token = 'scrape-token-0123456789';
    expect(
      parseEnv({ METRICS_PORT: '9464', METRICS_TOKEN: ` ${token} ` }, '/srv/qa').metrics,
    ).toEqual({ port: 9464, token });
    expect(problems({ METRICS_PORT: '0' })).toEqual([expect.stringMatching(/^METRICS_PORT: /)]);
    expect(problems({ METRICS_PORT: '8080', PORT: '8080' })).toEqual([
      'METRICS_PORT: must differ from PORT',
    ]);
    expect(problems({ METRICS_PORT: '3000' })).toEqual(['METRICS_PORT: must differ from PORT']);
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: must have at least 16 characters',
    ]);
  });

  it('bounds what one person may cost the sync endpoint, 10 sockets by default', () => {
    expect(parseEnv({}, '/srv/qa').sync).toEqual({
      maxConnectionsPerPerson: 10,
      maxSubscriptions: 100,
      maxQueuedBytes: 16 * 1024 * 1024,
      maxBytesPerSecond: 8 * 1024 * 1024,
    });
    expect(
      parseEnv(
        {
          SYNC_MAX_CONNECTIONS_PER_PERSON: '3',
          SYNC_MAX_SUBSCRIPTIONS: ' 20 ',
          SYNC_MAX_QUEUED_BYTES: '4194304',
          SYNC_MAX_BYTES_PER_SECOND: '2097152',
        },
        '/srv/qa',
      ).sync,
    ).toEqual({
      maxConnectionsPerPerson: 3,
      maxSubscriptions: 20,
      maxQueuedBytes: 4194304,
      maxBytesPerSecond: 2097152,
    });
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      expect(problems({ SYNC_MAX_CONNECTIONS_PER_PERSON: bad }), bad).toEqual([
        expect.stringMatching(/^SYNC_MAX_CONNECTIONS_PER_PERSON: expected/),
      ]);
      expect(problems({ SYNC_MAX_SUBSCRIPTIONS: bad }), bad).toEqual([
        expect.stringMatching(/^SYNC_MAX_SUBSCRIPTIONS: expected/),
      ]);
    }
    // Less than a snapshot chunk would cut every reader of a large snapshot.
    expect(problems({ SYNC_MAX_QUEUED_BYTES: '1048576' })).toEqual([
      'SYNC_MAX_QUEUED_BYTES: expected at least 2097152 bytes (2 MiB)',
    ]);
    expect(problems({ SYNC_MAX_BYTES_PER_SECOND: '1000' })).toEqual([
      'SYNC_MAX_BYTES_PER_SECOND: expected at least 1048576 bytes (1 MiB) per second',
    ]);
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ PORT: '', HOST: ' ', TRUST_PROXY: '' }, '/srv/qa')).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as off, all, a number of proxies or their addresses', () => {
    const trustProxy = (value: string) => parseEnv({ TRUST_PROXY: value }, '/srv/qa').trustProxy;
    for (const off of ['false', 'NO', 'off', '0']) expect(trustProxy(off), off).toBe(false);
    for (const all of ['true', 'Yes', 'on']) expect(trustProxy(all), all).toBe(true);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.5')).toBe('10.0.0.5');
    expect(trustProxy(' 10.0.0.5, 172.16.0.0/12,fd00::/8 ,loopback')).toBe(
      '10.0.0.5,172.16.0.0/12,fd00::/8,loopback',
    );
    for (const bad of ['maybe', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', 'proxy.local', '-1']) {
      expect(problems({ TRUST_PROXY: bad }), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY: /),
      ]);
    }
  });

  it('trusts the local origins only while PUBLIC_URL is unset, and TRUSTED_ORIGINS always', () => {
    expect(parseEnv({ PORT: '8080' }, '/srv/qa').trustedOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(
      parseEnv(
        { PUBLIC_URL: 'https://qa.example.com/audit', TRUSTED_ORIGINS: 'https://qa.example.com' },
        '/srv/qa',
      ).trustedOrigins,
    ).toEqual(['https://qa.example.com']);
    for (const bad of [
      'localhost:5173',
      'ftp://files.example.com',
      'http://x.example/app',
      'http://x.example?a=1',
    ]) {
      expect(problems({ TRUSTED_ORIGINS: bad }), bad).toEqual([
        expect.stringMatching(/^TRUSTED_ORIGINS: /),
      ]);
    }
  });

  it('leaves the enterprise login label to the web app unless OIDC_LABEL is set', () => {
    const oidc = {
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'qa',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(parseEnv(oidc, '/srv/qa').oidc?.label).toBeNull();
    expect(parseEnv({ ...oidc, OIDC_LABEL: 'Firmenkonto' }, '/srv/qa').oidc?.label).toBe(
      'Firmenkonto',
    );
  });

  it('applies the domain password length to INITIAL_ADMIN_PASSWORD', () => {
    expect(parseEnv({ INITIAL_ADMIN_PASSWORD: 'x'.repeat(128) }, '/srv/qa').initialAdmin).toEqual({
      email: 'admin@example.com',
      password: 'x'.repeat(128),
    });
    for (const bad of ['x'.repeat(7), 'x'.repeat(129)]) {
      expect(problems({ INITIAL_ADMIN_PASSWORD: bad })).toEqual([
        'INITIAL_ADMIN_PASSWORD: must have 8 to 128 characters',
      ]);
    }
  });

  it('lists every bad variable at once', () => {
    const found = problems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/qa',
      PUBLIC_URL: 'qa.example.com',
      INITIAL_ADMIN_EMAIL: 'not-an-address',
      INITIAL_ADMIN_PASSWORD: 'short',
      SMTP_URL: 'http://mail',
      SESSION_SECRET: 'too-short',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      AUTH_RATE_LIMIT_SIGNIN: '5',
      AUTH_RATE_LIMIT_RESET: '0/60',
      SOCIAL_PROVIDER: 'myspace',
      OIDC_ISSUER: 'https://login.example.com',
    });
    const variables = found.map((p) => p.split(':')[0]);
    expect(variables).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'PUBLIC_URL',
        'INITIAL_ADMIN_EMAIL',
        'INITIAL_ADMIN_PASSWORD',
        'SMTP_URL',
        'SESSION_SECRET',
        'TRUST_PROXY',
        'LOG_LEVEL',
        'AUTH_RATE_LIMIT_SIGNIN',
        'AUTH_RATE_LIMIT_RESET',
        'SOCIAL_PROVIDER',
        'OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
      ]),
    );
    expect(new ConfigError(found).message).toContain('Invalid configuration');
  });

  it('rejects half a social login and a port out of range', () => {
    expect(problems({ SOCIAL_PROVIDER: 'google' })).toEqual([
      'SOCIAL_PROVIDER, SOCIAL_CLIENT_ID, SOCIAL_CLIENT_SECRET: set all three or none',
    ]);
    expect(problems({ PORT: '70000' })[0]).toMatch(/^PORT: /);
  });
});

describe('loadConfig', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('creates DATA_DIR and a session secret it keeps across starts', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'qa-env-'));
    dirs.push(base);
    const first = loadConfig({ DATA_DIR: 'nested/data' }, base);
    expect(first.dataDir).toBe(path.join(base, 'nested/data'));
    expect(first.sessionSecret).toMatch(/^[\w-]{40,}$/);
    const file = path.join(first.dataDir, 'session-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.sessionSecret);

    const second = loadConfig({ DATA_DIR: 'nested/data' }, base);
    expect(second.sessionSecret).toBe(first.sessionSecret);

    const explicit = loadConfig({ DATA_DIR: 'nested/data', SESSION_SECRET: 's'.repeat(32) }, base);
    expect(explicit.sessionSecret).toBe('s'.repeat(32));
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('reads host names, addresses and CIDRs, and names a bad entry', () => {
    expect(parseEnv({}, '/srv/qa').webhookAllowedHosts).toEqual([]);
    expect(
      parseEnv({ WEBHOOK_ALLOWED_HOSTS: ' ERP.intern.example, 10.20.0.0/16 ,fd00::/8,' }, '/srv/qa')
        .webhookAllowedHosts,
    ).toEqual(['erp.intern.example', '10.20.0.0/16', 'fd00::/8']);
    expect(problems({ WEBHOOK_ALLOWED_HOSTS: 'erp.example,http://erp:8080' })).toEqual([
      'WEBHOOK_ALLOWED_HOSTS: expected host names, IP addresses or CIDRs (e.g. erp.example.internal,10.1.0.0/16), not "http://erp:8080"',
    ]);
  });
});
