import { ConfigError, loadConfig, type AppConfig } from './config/env';
import { buildApp } from './app';
import { armShutdownDeadline, logUnhandledRejections } from './process-guards';

/**
 * Longest a shutdown may take after SHUTDOWN_DELAY_MS before we give up on in-flight requests (a
 * long upload) and exit 1. A shutdown marks the instance not ready, waits the delay, answers new
 * requests 503 while kept-alive connections drain, lets running requests finish and each sync
 * socket finish its push, closes the sockets with 1012 and then the database (BuiltApp.close).
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Printed, not logged: it must be readable in a terminal and must not go to log storage. */
function printInitialPassword(email: string, password: string): void {
  const line = `Initial admin: ${email} / ${password}  (shown once; change it after signing in)`;
  const bar = '═'.repeat(line.length + 2);
  console.log(`\n╔${bar}╗\n║ ${line} ║\n╚${bar}╝\n`);
}

async function main(): Promise<void> {
  const config = configOrExit();
  const server = await buildApp(config);
  const { app } = server;
  logUnhandledRejections(app.log);

  if (server.initialAdmin.created && server.initialAdmin.generatedPassword) {
    printInitialPassword(server.initialAdmin.email, server.initialAdmin.generatedPassword);
  }

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    armShutdownDeadline(config.shutdownDelayMs + SHUTDOWN_TIMEOUT_MS, app.log);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  server.reminders.start();
  console.log(`Quality Audit server listening on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
