/**
 * Sends today's reminder mails of measures due once, now, without waiting for the configured
 * hour (the server does it by itself every day; this is for operators and scripts):
 *
 *   npm run remind -w @qa/server [-- --at 2026-03-10T08:00]
 *
 * `--at` runs as if it were that moment (local time unless the value names a zone). Uses the
 * server's environment (DATA_DIR, DATABASE_URL, SMTP_URL, PUBLIC_URL, ...); refuses to run
 * without PUBLIC_URL, the address of the links in the mails. People already
 * mailed that day, by the server or an earlier run, are not mailed again. Exits with 1 when a
 * mail could not be sent.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config/env';

const USAGE = 'usage: remind [--at <ISO 8601 date and time>]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const now = values.at ? new Date(values.at) : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error(USAGE);
    return 2;
  }
  // The links in the mails lead to PUBLIC_URL; without it they would lead to this machine's
  // localhost, which the recipients cannot open. The server's own runs have it in its
  // environment; a shell running this may not.
  if (!process.env.PUBLIC_URL) {
    console.error(
      'PUBLIC_URL is not set: the links in the mails would lead to localhost. ' +
        'Run remind with the environment of the server (PUBLIC_URL, DATA_DIR, DATABASE_URL, SMTP_URL).',
    );
    return 2;
  }
  const config = loadConfig();
  // A one-off command: webhook deliveries are the running server's to send.
  const server = await buildApp({ ...config, logLevel: 'warn' }, { webhooks: { deliver: false } });
  try {
    if (server.initialAdmin.created && server.initialAdmin.generatedPassword) {
      console.log(
        `Initial admin: ${server.initialAdmin.email} / ${server.initialAdmin.generatedPassword}  (shown once)`,
      );
    }
    const report = await server.reminders.service.run({ now, ignoreHour: true });
    if (report.outcome === 'disabled') {
      console.log('Reminders are switched off (configuration segment "measure", reminders).');
      return 0;
    }
    console.log(
      `Reminders of ${report.day}: ${report.sent.length} sent, ${report.alreadySent.length} sent before, ` +
        `${report.failed.length} failed, ${report.unreachable.length} assignees without a mail address or login`,
    );
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('remind failed:', error);
    process.exit(1);
  },
);
