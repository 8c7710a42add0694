import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect, type TestDialect } from './support/dialects';
import { outboxMessages, plainText, resetLink } from './support/mail-message';
import { startSilentServer } from './support/silent-server';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createPersonWithLogin,
  startApp,
  type TestApp,
} from './support/start-app';

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token of a reset link, after following it the way a browser would. */
async function openLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', link);
}

function resetFlow(dialect: TestDialect, transport: 'outbox' | 'smtp') {
  let app: TestApp;
  let sink: SmtpSink | null = null;
  const mailsFor = async (to: string): Promise<string[]> =>
    transport === 'smtp'
      ? (sink?.messages ?? []).filter((m) => m.to.includes(to)).map((m) => m.raw)
      : (await outboxMessages(app.dataDir)).filter((raw) => raw.includes(`To: ${to}`));
  const nextMail = async (to: string, known: number) =>
    waitFor(async () => {
      const mails = await mailsFor(to);
      return mails.length > known ? mails[mails.length - 1] : undefined;
    });
  const request = (email: string) =>
    new CookieJar().json(`${app.url}/api/auth/request-password-reset`, {
      email,
      redirectTo: '/resetpassword',
    });
  const reset = (token: string, newPassword: string) =>
    new CookieJar().json(`${app.url}/api/auth/reset-password`, { token, newPassword });
  const signIn = (email: string, password: string) =>
    new CookieJar().json(`${app.url}/api/auth/sign-in/email`, { email, password });

  beforeAll(async () => {
    if (transport === 'smtp') sink = await startSmtpSink();
    app = await startApp({
      dialect,
      env: {
        AUTH_RATE_LIMIT_RESET: '100/60',
        AUTH_RATE_LIMIT_SIGNIN: '100/60',
        SMTP_URL: sink?.url,
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.close();
  });

  it('mails a bilingual single-use link that sets a new password', async () => {
    const earlier = new CookieJar();
    await earlier.json(`${app.url}/api/auth/sign-in/email`, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect((await earlier.fetch(`${app.url}/api/v1/session`)).status).toBe(200);

    const response = await request(ADMIN_EMAIL);
    expect(response.status).toBe(200);
    const raw = await nextMail(ADMIN_EMAIL, 0);
    const text = plainText(raw);
    expect(text).toContain('Passwort');
    expect(text).toContain('password');
    expect(raw).toMatch(/Content-Type: text\/html/i);

    const link = resetLink(raw);
    expect(link.startsWith(`${app.url}/api/auth/reset-password/`)).toBe(true);
    const landing = await openLink(link);
    expect(landing.pathname).toBe('/resetpassword');
    const token = landing.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    expect((await reset(token, 'short')).status).toBe(400);
    const done = await reset(token, 'brand-new-password');
    expect(done.status).toBe(200);
    expect((await signIn(ADMIN_EMAIL, 'brand-new-password')).status).toBe(200);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(401);
    // Sessions that used the old password end with the reset.
    expect(await (await earlier.fetch(`${app.url}/api/v1/session`)).json()).toEqual({
      person: null,
    });

    const again = await reset(token, 'another-password-1');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await openLink(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses an expired token', async () => {
    await createPersonWithLogin(app, { email: 'late@example.com', password: 'late-password-1' });
    expect((await request('late@example.com')).status).toBe(200);
    const link = resetLink(await nextMail('late@example.com', 0));
    const token = (await openLink(link)).searchParams.get('token') ?? '';

    // Age the token past its hour, as stored by better-auth.
    const past = new Date(Date.now() - 60_000);
    const aged = await sql`update ${sql.table('verification')} set ${sql.ref('expiresAt')} = ${
      dialect === 'sqlite' ? past.toISOString() : past
    } where ${sql.ref('identifier')} = ${`reset-password:${token}`}`.execute(
      app.server.database.db,
    );
    expect(Number(aged.numAffectedRows)).toBe(1);

    expect((await openLink(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    const response = await reset(token, 'too-late-password');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn('late@example.com', 'late-password-1')).status).toBe(200);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const response = await request('unknown@example.com');
    expect(response.status).toBe(200);
    await app.server.mail.drain();
    expect(await mailsFor('unknown@example.com')).toEqual([]);
  });
}

describeEachDialect('password reset via the outbox', (dialect) => resetFlow(dialect, 'outbox'));
describeEachDialect('password reset via SMTP', (dialect) => resetFlow(dialect, 'smtp'));

describe('shutdown with an SMTP server that does not answer', () => {
  it('gives up on the mail after a while and still closes', { timeout: 20_000 }, async () => {
    const smtp = await startSilentServer();
    const app = await startApp({
      dialect: 'sqlite',
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    try {
      const response = await new CookieJar().json(`${app.url}/api/auth/request-password-reset`, {
        email: ADMIN_EMAIL,
        redirectTo: '/resetpassword',
      });
      expect(response.status).toBe(200);
      expect(app.server.mail.pendingCount).toBe(1);

      // nodemailer would wait 30 s for the greeting; main allows a shutdown 10 s.
      const started = Date.now();
      await app.stop();
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await smtp.close();
    }
  });
});
