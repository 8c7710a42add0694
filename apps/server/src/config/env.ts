import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_UPLOAD_QUOTA_BYTES,
  PASSWORD_RULES,
  newPersonSchema,
  passwordLengthOk,
} from '@qa/domain';
import { Encrypter } from 'age-encryption';
import { z } from 'zod';
import { allowedHostProblem } from '../modules/webhooks/webhook-address-guard';

/** apps/server, found from this file so the defaults do not depend on the working directory. */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Social login presets: the issuer is only used with SOCIAL_ISSUER (tests, custom IdPs). */
export const SOCIAL_PRESETS = {
  google: { label: 'Google', issuer: 'https://accounts.google.com' },
  microsoft: { label: 'Microsoft', issuer: 'https://login.microsoftonline.com/common/v2.0' },
} as const;
export type SocialPreset = keyof typeof SOCIAL_PRESETS;

export interface RateLimitRule {
  /** Attempts allowed per window and client. */
  max: number;
  /** Window length in seconds. */
  window: number;
}

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * Fastify's trustProxy: false (the connection's address counts), true (every proxy: the
 * leftmost X-Forwarded-For entry counts, which the client chooses), a number of proxies in
 * front of the server, or a comma-separated list of proxy addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string;

export interface OidcProviderConfig {
  providerId: string;
  /** Null: OIDC_LABEL unset, the web app shows its own translated default. */
  label: string | null;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export interface SocialLoginConfig {
  provider: SocialPreset;
  label: string;
  clientId: string;
  clientSecret: string;
  /** Set only when SOCIAL_ISSUER overrides the preset (then discovery is used). */
  issuer: string | null;
}

export interface AppConfig {
  port: number;
  host: string;
  /**
   * The server's own HTTPS (TLS_CERT_FILE, TLS_KEY_FILE: PEM files), with HTTP/2 and HTTP/1.1 on
   * the same port; null for plain HTTP (behind a reverse proxy that does TLS, or on one machine).
   */
  tls: { certFile: string; keyFile: string } | null;
  dataDir: string;
  database: DatabaseConfig;
  /** Origin and optional path prefix the browser sees, without trailing slash. */
  publicUrl: string;
  /** Origins whose requests better-auth accepts: PUBLIC_URL's, local ones, TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  initialAdmin: { email: string; password: string | null };
  mail: { smtpUrl: string | null; from: string };
  /** Null until loadConfig resolved it (env or DATA_DIR/session-secret). */
  sessionSecret: string | null;
  trustProxy: TrustProxy;
  reloadEnabled: boolean;
  logLevel: LogLevel;
  /** `api`: requests per API token (issue 16). */
  rateLimit: { signIn: RateLimitRule; passwordReset: RateLimitRule; api: RateLimitRule };
  webDist: string;
  oidc: OidcProviderConfig | null;
  social: SocialLoginConfig | null;
  /** BUILD_ID as given by the build pipeline; null lets the server find one (git, 'dev'). */
  buildId: string | null;
  /** UPLOAD_QUOTA_BYTES: the most one person may have stored in files, in bytes. */
  uploadQuotaBytes: number;
  /**
   * SHUTDOWN_DELAY_MS: after SIGTERM, how long `/readyz` says 503 while requests are still
   * served, so a load balancer stops sending before the listener closes.
   */
  shutdownDelayMs: number;
  /**
   * `/metrics` (Prometheus): on its own port (METRICS_PORT, same HOST) and/or behind a bearer
   * token (METRICS_TOKEN). Neither set: not served at all, so nothing leaks by default.
   */
  metrics: { port: number | null; token: string | null };
  /**
   * WEBHOOK_ALLOWED_HOSTS: host names, IP addresses and CIDRs webhooks may reach though they are
   * internal (on-premise receivers); everything internal else is refused (docs/webhooks.md).
   */
  webhookAllowedHosts: string[];
  /**
   * Backups (docs/operations.md): BACKUP_AGE_RECIPIENTS encrypts every archive to these age
   * public keys; a download that takes nothing for BACKUP_STALL_TIMEOUT_S is ended.
   */
  backup: { ageRecipients: string[]; stallTimeoutMs: number };
  /**
   * What one person may cost the sync endpoint (issue 35): sockets per person on this instance,
   * subscriptions per socket, and bytes waiting in a socket for a client that does not read
   * before it is cut (`slow_consumer`).
   */
  sync: {
    maxConnectionsPerPerson: number;
    maxSubscriptions: number;
    maxQueuedBytes: number;
    /** Snapshot bytes per second of one person's sync sockets together. */
    maxBytesPerSecond: number;
  };
}

/** An invalid environment: one line per bad variable, meant for humans (no stack trace). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Blank means unset: `FOO=` in a .env file must behave like no FOO at all. */
const fromEnv = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

const booleanText = fromEnv(
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.toLowerCase() : value),
      z.enum([...TRUE_WORDS, ...FALSE_WORDS], { message: 'expected true or false' }),
    )
    .optional()
    .transform((value) => value !== undefined && TRUE_WORDS.includes(value)),
);

/** proxy-addr's names for address ranges, which Fastify's trustProxy list accepts too. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, an address with a CIDR prefix length, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxyText = fromEnv(
  z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      if (value === undefined) return false;
      const word = value.toLowerCase();
      // "1" is a hop count here, not "true": one proxy in front is the common case.
      if (FALSE_WORDS.includes(word)) return false;
      if (['true', 'yes', 'on'].includes(word)) return true;
      if (/^\d{1,3}$/.test(value)) return Number(value) || false;
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries.join(',');
      ctx.addIssue({
        code: 'custom',
        message:
          'expected false, the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,172.16.0.0/12)',
      });
      return z.NEVER;
    }),
);

/** `scheme://host[:port]` with nothing after it (a trailing slash is tolerated). */
function asOrigin(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare =
    url.pathname === '/' && !/[?#]/.test(entry) && url.username === '' && url.password === '';
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

const originList = fromEnv(
  z
    .string()
    .optional()
    .transform((value, ctx): string[] => {
      const origins: string[] = [];
      for (const entry of (value ?? '').split(',').map((e) => e.trim())) {
        if (entry === '') continue;
        const origin = asOrigin(entry);
        if (origin) origins.push(origin);
        else
          ctx.addIssue({
            code: 'custom',
            message: `expected origins like http://localhost:5173, not "${entry}"`,
          });
      }
      return origins;
    }),
);

/** The domain's rule for a person's e-mail address, with a message for humans. */
const personEmail = z.string().transform((value, ctx) => {
  const parsed = newPersonSchema.shape.email.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: 'expected an e-mail address' });
  return z.NEVER;
});

const passwordText = z
  .string()
  .refine(
    passwordLengthOk,
    `must have ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters`,
  );

const rateLimitText = (fallback: string) =>
  fromEnv(
    z
      .string()
      .default(fallback)
      .transform((value, ctx): RateLimitRule => {
        const match = /^(\d+)\/(\d+)$/.exec(value);
        const max = Number(match?.[1]);
        const window = Number(match?.[2]);
        if (!match || max < 1 || window < 1) {
          ctx.addIssue({ code: 'custom', message: 'expected "<attempts>/<seconds>", e.g. "5/60"' });
          return z.NEVER;
        }
        return { max, window };
      }),
  );

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'expected an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const portNumber = (min: number) =>
  z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a port number')
    .min(min, `expected a port number ${min}-65535`)
    .max(65535, `expected a port number ${min}-65535`);

const positiveCount = (what: string, fallback: number) =>
  z.coerce
    .number({ message: `expected a number of ${what}` })
    .int(`expected a whole number of ${what}`)
    .min(1, 'expected at least 1')
    .max(100_000, 'expected at most 100000')
    .default(fallback);

/** age public keys (`age1…`), separated by commas or white space, each checked by age itself. */
const ageRecipientList = fromEnv(
  z
    .string()
    .optional()
    .transform((value, ctx): string[] => {
      const recipients = (value ?? '').split(/[\s,]+/).filter(Boolean);
      for (const recipient of recipients) {
        try {
          new Encrypter().addRecipient(recipient);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: `expected age public keys (age1…), not "${recipient}"`,
          });
        }
      }
      return recipients;
    }),
);

const envSchema = z.object({
  PORT: fromEnv(portNumber(0).default(3000)),
  HOST: fromEnv(z.string().default('0.0.0.0')),
  DATA_DIR: fromEnv(z.string().default('./data')),
  DATABASE_URL: fromEnv(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'only postgres:// or postgresql:// URLs are supported')
      .optional(),
  ),
  PUBLIC_URL: fromEnv(httpUrl.optional()),
  TLS_CERT_FILE: fromEnv(z.string().optional()),
  TLS_KEY_FILE: fromEnv(z.string().optional()),
  TRUSTED_ORIGINS: originList,
  INITIAL_ADMIN_EMAIL: fromEnv(personEmail.default('admin@example.com')),
  INITIAL_ADMIN_PASSWORD: fromEnv(passwordText.optional()),
  SMTP_URL: fromEnv(
    z.url({ protocol: /^smtps?$/, message: 'expected an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: fromEnv(z.string().default('Quality Audit <no-reply@localhost>')),
  SESSION_SECRET: fromEnv(z.string().min(32, 'must have at least 32 characters').optional()),
  TRUST_PROXY: trustProxyText,
  RELOAD_ENABLED: booleanText,
  LOG_LEVEL: fromEnv(z.enum(LOG_LEVELS).default('info')),
  AUTH_RATE_LIMIT_SIGNIN: rateLimitText('5/60'),
  AUTH_RATE_LIMIT_RESET: rateLimitText('3/60'),
  API_RATE_LIMIT: rateLimitText('1200/60'),
  WEB_DIST: fromEnv(z.string().optional()),
  OIDC_ISSUER: fromEnv(httpUrl.optional()),
  OIDC_CLIENT_ID: fromEnv(z.string().optional()),
  OIDC_CLIENT_SECRET: fromEnv(z.string().optional()),
  OIDC_PROVIDER_ID: fromEnv(
    z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'expected lower-case letters, digits and hyphens')
      .default('enterprise'),
  ),
  OIDC_LABEL: fromEnv(z.string().optional()),
  OIDC_SCOPES: fromEnv(z.string().default('openid email profile')),
  SOCIAL_PROVIDER: fromEnv(
    z.enum(Object.keys(SOCIAL_PRESETS) as [SocialPreset, ...SocialPreset[]]).optional(),
  ),
  SOCIAL_CLIENT_ID: fromEnv(z.string().optional()),
  SOCIAL_CLIENT_SECRET: fromEnv(z.string().optional()),
  SOCIAL_ISSUER: fromEnv(httpUrl.optional()),
  BUILD_ID: fromEnv(z.string().optional()),
  UPLOAD_QUOTA_BYTES: fromEnv(
    z.coerce
      .number({ message: 'expected a number of bytes' })
      .int('expected a whole number of bytes')
      .positive('expected a number of bytes above 0')
      .max(Number.MAX_SAFE_INTEGER, 'expected a number of bytes')
      .default(DEFAULT_UPLOAD_QUOTA_BYTES),
  ),
  // Up to a minute: the process must still end within what an orchestrator waits (delay + 10 s).
  SHUTDOWN_DELAY_MS: fromEnv(
    z.coerce
      .number({ message: 'expected a number of milliseconds' })
      .int('expected a whole number of milliseconds')
      .min(0, 'expected 0 or more milliseconds')
      .max(60_000, 'expected at most 60000 milliseconds')
      .default(0),
  ),
  SYNC_MAX_CONNECTIONS_PER_PERSON: fromEnv(positiveCount('connections', 10)),
  SYNC_MAX_SUBSCRIPTIONS: fromEnv(positiveCount('subscriptions', 100)),
  // Below one snapshot chunk (1 MiB) every large snapshot would cut its reader.
  SYNC_MAX_QUEUED_BYTES: fromEnv(
    z.coerce
      .number({ message: 'expected a number of bytes' })
      .int('expected a whole number of bytes')
      .min(2 * 1024 * 1024, 'expected at least 2097152 bytes (2 MiB)')
      .max(Number.MAX_SAFE_INTEGER, 'expected a number of bytes')
      .default(16 * 1024 * 1024),
  ),
  SYNC_MAX_BYTES_PER_SECOND: fromEnv(
    z.coerce
      .number({ message: 'expected a number of bytes per second' })
      .int('expected a whole number of bytes per second')
      .min(1024 * 1024, 'expected at least 1048576 bytes (1 MiB) per second')
      .max(Number.MAX_SAFE_INTEGER, 'expected a number of bytes per second')
      .default(8 * 1024 * 1024),
  ),
  BACKUP_AGE_RECIPIENTS: ageRecipientList,
  BACKUP_STALL_TIMEOUT_S: fromEnv(
    z.coerce
      .number({ message: 'expected a number of seconds' })
      .int('expected a whole number of seconds')
      .min(1, 'expected 1 to 86400 seconds')
      .max(86_400, 'expected 1 to 86400 seconds')
      .default(60),
  ),
  WEBHOOK_ALLOWED_HOSTS: fromEnv(
    z
      .string()
      .optional()
      .transform((value, ctx): string[] => {
        const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase());
        for (const entry of entries.filter(Boolean)) {
          const problem = allowedHostProblem(entry);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
        return entries.filter(Boolean);
      }),
  ),
  // Not 0: Prometheus must know where to scrape.
  METRICS_PORT: fromEnv(portNumber(1).optional()),
  METRICS_TOKEN: fromEnv(
    z
      .string()
      .min(16, 'must have at least 16 characters')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
  ),
});

/** Rules across variables; checked on the raw values so all problems are reported at once. */
function crossFieldProblems(env: NodeJS.ProcessEnv): string[] {
  const present = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];
  if (oidc.some(present) && !oidc.every(present)) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  const social = ['SOCIAL_PROVIDER', 'SOCIAL_CLIENT_ID', 'SOCIAL_CLIENT_SECRET'];
  if (social.some(present) && !social.every(present)) {
    problems.push('SOCIAL_PROVIDER, SOCIAL_CLIENT_ID, SOCIAL_CLIENT_SECRET: set all three or none');
  }
  if (present('SOCIAL_ISSUER') && !present('SOCIAL_PROVIDER')) {
    problems.push('SOCIAL_ISSUER: only meaningful together with SOCIAL_PROVIDER');
  }
  if (present('TLS_CERT_FILE') !== present('TLS_KEY_FILE')) {
    problems.push('TLS_CERT_FILE, TLS_KEY_FILE: set both or none');
  }
  const oidcId = env.OIDC_PROVIDER_ID?.trim() || 'enterprise';
  if (present('OIDC_ISSUER') && env.SOCIAL_PROVIDER?.trim() === oidcId) {
    problems.push('OIDC_PROVIDER_ID: must differ from SOCIAL_PROVIDER');
  }
  const port = env.PORT?.trim() || '3000';
  if (present('METRICS_PORT') && Number(env.METRICS_PORT) === Number(port)) {
    problems.push('METRICS_PORT: must differ from PORT');
  }
  return problems;
}

/**
 * Parses the environment without touching the file system (DATA_DIR is only resolved, the
 * session secret stays null when unset). Throws ConfigError listing every bad variable.
 */
export function parseEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): AppConfig {
  const result = envSchema.safeParse(env);
  const problems = [
    ...(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...crossFieldProblems(env),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;

  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE
      ? { certFile: path.resolve(cwd, e.TLS_CERT_FILE), keyFile: path.resolve(cwd, e.TLS_KEY_FILE) }
      : null;
  const scheme = tls ? 'https' : 'http';
  const publicUrl = e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`;
  // Without PUBLIC_URL a newcomer may open either local address; with it, only PUBLIC_URL.
  const localOrigins = e.PUBLIC_URL
    ? []
    : [`${scheme}://127.0.0.1:${e.PORT}`, `${scheme}://[::1]:${e.PORT}`];
  return {
    port: e.PORT,
    host: e.HOST,
    tls,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'app.db') },
    publicUrl,
    trustedOrigins: [
      ...new Set([new URL(publicUrl).origin, ...localOrigins, ...e.TRUSTED_ORIGINS]),
    ],
    initialAdmin: { email: e.INITIAL_ADMIN_EMAIL, password: e.INITIAL_ADMIN_PASSWORD ?? null },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    sessionSecret: e.SESSION_SECRET ?? null,
    trustProxy: e.TRUST_PROXY,
    reloadEnabled: e.RELOAD_ENABLED,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      signIn: e.AUTH_RATE_LIMIT_SIGNIN,
      passwordReset: e.AUTH_RATE_LIMIT_RESET,
      api: e.API_RATE_LIMIT,
    },
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(SERVER_ROOT, '../web/dist'),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            providerId: e.OIDC_PROVIDER_ID,
            label: e.OIDC_LABEL ?? null,
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
          }
        : null,
    social:
      e.SOCIAL_PROVIDER && e.SOCIAL_CLIENT_ID && e.SOCIAL_CLIENT_SECRET
        ? {
            provider: e.SOCIAL_PROVIDER,
            label: SOCIAL_PRESETS[e.SOCIAL_PROVIDER].label,
            clientId: e.SOCIAL_CLIENT_ID,
            clientSecret: e.SOCIAL_CLIENT_SECRET,
            issuer: e.SOCIAL_ISSUER ?? null,
          }
        : null,
    buildId: e.BUILD_ID ?? null,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics: { port: e.METRICS_PORT ?? null, token: e.METRICS_TOKEN ?? null },
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    backup: {
      ageRecipients: e.BACKUP_AGE_RECIPIENTS,
      stallTimeoutMs: e.BACKUP_STALL_TIMEOUT_S * 1000,
    },
    sync: {
      maxConnectionsPerPerson: e.SYNC_MAX_CONNECTIONS_PER_PERSON,
      maxSubscriptions: e.SYNC_MAX_SUBSCRIPTIONS,
      maxQueuedBytes: e.SYNC_MAX_QUEUED_BYTES,
      maxBytesPerSecond: e.SYNC_MAX_BYTES_PER_SECOND,
    },
  };
}

/**
 * Reads the secret kept in DATA_DIR, creating it on first start. It must survive restarts,
 * or every restart would sign everybody out.
 */
/** Where the generated session secret is kept (backups carry it, restores put it back). */
export function sessionSecretFile(dataDir: string): string {
  return path.join(dataDir, 'session-secret');
}

function persistentSecret(dataDir: string): string {
  const file = sessionSecretFile(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** parseEnv, then prepares DATA_DIR and the session secret. The one place env is read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const config = parseEnv(env, cwd);
  mkdirSync(config.dataDir, { recursive: true });
  return { ...config, sessionSecret: config.sessionSecret ?? persistentSecret(config.dataDir) };
}
