import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { readBuildInfo } from './config/build-info';
import type { AppConfig } from './config/env';
import { openDatabase, type Database } from './db/database';
import { migrateDatabase, withStartupLock } from './db/migrate';
import { registerCompression } from './http/compression';
import { registerGracefulClose } from './http/graceful-close';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { loggerOptions } from './http/logger';
import { registerSecurityHeaders } from './http/security-headers';
import { trustProxyOption } from './http/trust-proxy';
import { createAuth, type Auth } from './modules/auth/auth';
import { createAuthOptions } from './modules/auth/auth-options';
import { ApiTokensRepository } from './modules/api/api-tokens.repository';
import { ApiTokensService } from './modules/api/api-tokens.service';
import { registerOpenApi } from './modules/api/openapi';
import { invalidateTokensOnAccessChanges } from './modules/api/token-invalidation';
import { registerApi } from './modules/api/register-api';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { recipientsEncryption } from './modules/backup/archive-encryption';
import { registerBackupRoutes } from './modules/backup/backup.routes';
import { registerMeRoutes } from './modules/auth/me.routes';
import { MeService } from './modules/auth/me.service';
import { registerSessionRoutes } from './modules/auth/session.routes';
import { SessionService } from './modules/auth/session.service';
import { registerClientConfigRoutes } from './modules/client-config/client-config.routes';
import { registerFiles } from './modules/files/files.setup';
import { filesFolderOf, LocalDiskFileStorage } from './modules/files/local-disk-file-storage';
import { DEFAULT_UPLOAD_TIME_LIMITS, type UploadTimeLimits } from './modules/files/upload-guard';
import { HealthRepository } from './modules/health/health.repository';
import { registerHealthRoutes } from './modules/health/health.routes';
import { Readiness } from './modules/health/readiness';
import { MailService } from './modules/mail/mail.service';
import { AppMetrics } from './modules/metrics/app-metrics';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { PeopleAdminService } from './modules/people/people-admin.service';
import { PeopleDirectory } from './modules/people/people-directory.service';
import { registerPeopleRoutes } from './modules/people/people.routes';
import { PeopleRepository } from './modules/people/people.repository';
import { PeopleService } from './modules/people/people.service';
import { MeasureRemindersRepository } from './modules/reminders/measure-reminders.repository';
import { MeasureRemindersService } from './modules/reminders/measure-reminders.service';
import { ReminderScheduler } from './modules/reminders/reminder-scheduler';
import { registerReportMailRoutes } from './modules/reports/report-mail.routes';
import { ReportMailService } from './modules/reports/report-mail.service';
import { AppMetaRepository } from './modules/setup/app-meta.repository';
import {
  InitialAdminService,
  type InitialAdminResult,
} from './modules/setup/initial-admin.service';
import { ChangeFeed } from './modules/sync/change-feed';
import { ensureChangeLogId } from './modules/sync/change-log-id';
import { DocumentsRepository } from './modules/sync/documents.repository';
import { PgChangeNotifier } from './modules/sync/pg-change-notifier';
import { PushService } from './modules/sync/push.service';
import { seedDefaultDocuments } from './modules/sync/seed.service';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from './modules/sync/sync-connection';
import { registerSyncRoutes } from './modules/sync/sync.routes';
import { registerWebRoutes } from './modules/web/web.routes';
import type { WebhookOptions } from './modules/webhooks/webhook-options';
import { registerWebhooks, type Webhooks } from './modules/webhooks/webhooks.setup';

/** Fastify's default, stated: the API takes JSON documents, uploads get their own limit. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Longest the shutdown waits for mails still on their way (a hung SMTP server), so the
 * database is closed well within main's shutdown limit.
 */
const MAIL_DRAIN_TIMEOUT_MS = 5_000;

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  auth: Auth;
  people: PeopleService;
  mail: MailService;
  /** What the first start created; main prints a generated password once. */
  initialAdmin: InitialAdminResult;
  /** The sync engine's parts (tests and benchmarks look inside). */
  sync: {
    documents: DocumentsRepository;
    feed: ChangeFeed;
    push: PushService;
    connectionCount(): number;
    /** This database's change-log id, read once at start (a restore stops the server). */
    changeLogId: string;
  };
  /**
   * The daily reminder mails of measures due: `start()` (main) checks at once and every 15
   * minutes; `service.run` runs them once (the `remind` command, tests). Stopped on close.
   */
  reminders: ReminderScheduler;
  /** Webhooks (docs/webhooks.md): admin service, outbox and this instance's deliverer. */
  webhooks: Webhooks;
  /** Prometheus metrics; null unless METRICS_PORT or METRICS_TOKEN is set. */
  metrics: AppMetrics | null;
  /** What `/readyz` answers besides the database (tests look inside). */
  readiness: Readiness;
  /**
   * Marks the instance not ready and keeps serving for SHUTDOWN_DELAY_MS, then answers new
   * requests 503 (Retry-After) while kept-alive connections drain, lets running ones finish and
   * each sync connection finish its push (then closes it with 1012), then closes mail and
   * database.
   */
  close(): Promise<void>;
}

/**
 * Builds the whole server: database (migrated), auth, first-start seeding, routes. Does not
 * listen, so main and the tests decide where (only METRICS_PORT's listener opens here, once the
 * app is ready).
 */
export interface BuildOptions {
  /** Limits of the sync connections (tests use small ones). */
  syncLimits?: Partial<SyncLimits>;
  /** Time limits of upload bodies (tests use small ones). */
  files?: Partial<UploadTimeLimits>;
  /** The time the reminder scheduler goes by (tests fix it). */
  clock?: () => Date;
  /** Webhook delivery timing (tests shorten retries and polls). */
  webhooks?: Partial<WebhookOptions>;
  /** How long a token's person is cached (tests make it long, so only notices refresh it). */
  apiTokenCacheMs?: number;
}

/** The certificate chain and key (PEM) of TLS_CERT_FILE and TLS_KEY_FILE, said which is missing. */
async function readTlsFiles(tls: { certFile: string; keyFile: string }) {
  const read = async (name: string, file: string) => {
    try {
      return await readFile(file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${name}: cannot read ${file} (${reason})`);
    }
  };
  return {
    cert: await read('TLS_CERT_FILE', tls.certFile),
    key: await read('TLS_KEY_FILE', tls.keyFile),
  };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const common = {
    logger: loggerOptions(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler,
    // Requests during the shutdown get our 503 (problem+json, Retry-After): graceful-close.ts.
    return503OnClosing: false,
  };
  // With its own certificate the server speaks HTTP/2 (one connection for the fifty files of a
  // first screen, headers compressed: decision 50) and HTTP/1.1 on the same port (the sync
  // socket is an HTTP/1.1 upgrade, and older clients). Node's compatibility layer gives routes
  // the same request and reply objects, so the rest of the app does not know the difference.
  // (Typed as the HTTP/1.1 server the routes are written against.)
  const serverOptions = config.tls
    ? { ...common, http2: true, https: { allowHTTP1: true, ...(await readTlsFiles(config.tls)) } }
    : common;
  const app = Fastify(serverOptions as typeof common);
  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so clients choose their own address ' +
        '(and rate-limit bucket); set the number of proxies (e.g. 1) or their addresses instead',
    );
  }
  // Only when /metrics is served: no per-request cost, no process monitors otherwise.
  const metrics =
    config.metrics.port !== null || config.metrics.token !== null ? new AppMetrics() : null;
  if (metrics) registerMetrics(app, metrics, { ...config.metrics, host: config.host });
  const database = openDatabase(config.database, {
    onPoolError: (err) => app.log.warn({ err }, 'database connection lost'),
  });
  const mail = new MailService(
    {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: path.join(config.dataDir, 'outbox'),
    },
    app.log,
  );

  let closeFeed = async () => undefined as void;
  const readiness = new Readiness();
  try {
    const peopleDirectory = new PeopleDirectory(database);
    const peopleRepository = new PeopleRepository(database, peopleDirectory);
    const people = new PeopleService(peopleRepository);
    const authOptions = createAuthOptions({ config, database, people, mail, log: app.log });
    const auth = createAuth(authOptions);
    const documents = new DocumentsRepository(database);
    const notifier =
      config.database.kind === 'postgres'
        ? new PgChangeNotifier(config.database.url, app.log)
        : null;
    const feed = new ChangeFeed(documents, notifier, (err) =>
      app.log.error({ err }, 'sync: change feed failed'),
    );
    closeFeed = () => feed.close();
    const push = new PushService(documents, metrics ? { observer: metrics } : {});
    const reminders = new ReminderScheduler(
      new MeasureRemindersService({
        documents,
        people: peopleRepository,
        repository: new MeasureRemindersRepository(database),
        mail,
        publicUrl: config.publicUrl,
        log: app.log,
      }),
      app.log,
      options.clock,
    );

    let changeLogId = '';
    const initialAdmin = await withStartupLock(database, async () => {
      const report = await migrateDatabase(database, authOptions);
      if (report.applied.length > 0 || report.authTablesCreated.length > 0) {
        app.log.info(report, 'database migrated');
      }
      const setup = new InitialAdminService(
        auth,
        new AppMetaRepository(database),
        peopleRepository,
      );
      const seeded = await seedDefaultDocuments(documents);
      if (seeded.length > 0) app.log.info({ documents: seeded }, 'default documents seeded');
      changeLogId = await ensureChangeLogId(database);
      return setup.ensure(config.initialAdmin);
    });
    readiness.markMigrated();
    await feed.start();
    if (initialAdmin.created) {
      app.log.info({ email: initialAdmin.email }, 'initial admin created');
    }

    registerErrorHandler(app);
    const gracefulClose = registerGracefulClose(app);
    registerJsonBodyParser(app);
    await registerSecurityHeaders(app, config);
    await registerCompression(app);
    const build = readBuildInfo(config.buildId);
    await registerOpenApi(app, { version: build.version });
    registerHealthRoutes(app, { health: new HealthRepository(database), readiness });
    registerClientConfigRoutes(app, { config, build });
    const apiTokens = new ApiTokensService(
      new ApiTokensRepository(database),
      peopleRepository,
      undefined,
      options.apiTokenCacheMs,
    );
    invalidateTokensOnAccessChanges({
      people: peopleRepository,
      tokens: apiTokens,
      notifier,
      log: app.log,
    });
    const sessions = new SessionService(auth, people, apiTokens);
    registerSessionRoutes(app, { sessions });
    const syncRoutes = await registerSyncRoutes(app, {
      sessions,
      documents,
      push,
      feed,
      changeLogId,
      trustedOrigins: config.trustedOrigins,
      limits: {
        ...DEFAULT_SYNC_LIMITS,
        maxConnectionsPerPerson: config.sync.maxConnectionsPerPerson,
        maxSubscriptions: config.sync.maxSubscriptions,
        maxBufferedBytes: config.sync.maxQueuedBytes,
        personBytesPerSecond: config.sync.maxBytesPerSecond,
        ...options.syncLimits,
      },
    });
    metrics?.watch(
      {
        connectionCount: syncRoutes.connectionCount,
        subscriptionCount: syncRoutes.subscriptionCount,
        lastSequence: () => documents.lastSequence(),
        deliveredSequence: () => feed.cursor,
        ...(database.poolStats ? { poolStats: database.poolStats } : {}),
      },
      (err) => app.log.warn({ err }, 'metrics: change-log position unavailable'),
    );
    await registerAuthRoutes(app, { auth, publicUrl: config.publicUrl });
    await registerApi(app, {
      sessions,
      tokens: apiTokens,
      documents,
      push,
      feed,
      trustedOrigins: config.trustedOrigins,
      rateLimit: config.rateLimit.api,
    });
    await registerPeopleRoutes(app, {
      sessions,
      admin: new PeopleAdminService({
        auth,
        people: peopleRepository,
        directory: peopleDirectory,
        documents,
        mail,
        log: app.log,
        recheckSessions: syncRoutes.recheckSessions,
      }),
      trustedOrigins: config.trustedOrigins,
    });
    registerMeRoutes(app, {
      sessions,
      me: new MeService(auth, peopleRepository, syncRoutes.recheckSessions, documents),
      trustedOrigins: config.trustedOrigins,
    });
    await registerFiles(app, {
      sessions,
      database,
      documents,
      feed,
      dataDir: config.dataDir,
      trustedOrigins: config.trustedOrigins,
      quotaBytes: config.uploadQuotaBytes,
      limits: options.files,
      ...(metrics ? { onStored: (bytes: number) => metrics.stored(bytes) } : {}),
    });
    await registerReportMailRoutes(app, {
      sessions,
      reports: new ReportMailService({
        documents,
        feed,
        mail,
        publicUrl: config.publicUrl,
        log: app.log,
      }),
      trustedOrigins: config.trustedOrigins,
      limits: { ...DEFAULT_UPLOAD_TIME_LIMITS, ...options.files },
    });
    const webhooks = await registerWebhooks(app, {
      database,
      documents,
      push,
      feed,
      sessions,
      trustedOrigins: config.trustedOrigins,
      options: options.webhooks,
      allowedHosts: config.webhookAllowedHosts,
      clock: options.clock,
    });
    registerBackupRoutes(app, {
      sessions,
      source: {
        database: config.database,
        storage: new LocalDiskFileStorage(filesFolderOf(config.dataDir)),
        productVersion: build.version,
        encryption: recipientsEncryption(config.backup.ageRecipients),
      },
      stallTimeoutMs: config.backup.stallTimeoutMs,
    });
    await registerWebRoutes(app, { webDist: config.webDist });

    app.addHook('onClose', async () => {
      await reminders.stop();
      await webhooks.deliverer.stop();
      if (!(await mail.drain(MAIL_DRAIN_TIMEOUT_MS))) {
        app.log.warn(
          { pending: mail.pendingCount, waitedMs: MAIL_DRAIN_TIMEOUT_MS },
          'mails still being sent at shutdown are given up',
        );
      }
      mail.close();
      await feed.close();
      await database.close();
    });
    await app.ready();
    if (webhooks.options.deliver) webhooks.deliverer.start();

    let closing: Promise<void> | null = null;
    return {
      app,
      database,
      auth,
      people,
      mail,
      initialAdmin,
      sync: {
        documents,
        feed,
        push,
        connectionCount: syncRoutes.connectionCount,
        changeLogId,
      },
      reminders,
      webhooks,
      metrics,
      readiness,
      close: () => {
        readiness.markStopping();
        return (closing ??= (async () => {
          // Not ready, still serving: the load balancer takes the instance out meanwhile. With
          // no delay the drain starts at once: a request read before a zero timer fired would
          // otherwise still be served while the caller already counts on the drain.
          if (config.shutdownDelayMs > 0) {
            await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
          }
          await gracefulClose.drain();
          await app.close();
        })());
      },
    };
  } catch (error) {
    mail.close();
    await closeFeed();
    await database.close();
    throw error;
  }
}
