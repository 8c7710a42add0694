import { PASSWORD_RULES } from '@qa/domain';
import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { MailService } from '../mail/mail.service';
import { passwordResetMail } from '../mail/password-reset.mail';
import type { PeopleService } from '../people/people.service';
import { personGateHooks } from './person-gate.hooks';

/**
 * The header the auth bridge sets to Fastify's view of the client address. better-auth's rate
 * limiter reads client addresses from headers only; pointing it at a header the bridge always
 * overwrites means a client cannot pick its own bucket, and TRUST_PROXY decides (in Fastify)
 * whether X-Forwarded-For counts.
 */
export const CLIENT_IP_HEADER = 'x-qa-client-ip';

/** Where the web app's reset form lives (SPEC section 2). */
const RESET_PASSWORD_PAGE = '/resetpassword';

export interface AuthDeps {
  config: AppConfig;
  database: Database;
  people: PeopleService;
  mail: MailService;
  log: FastifyBaseLogger;
}

/** better-auth and better-call each have an APIError class; both carry statusCode. */
function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : 500;
}

function discoveryUrl(issuer: string): string {
  return `${issuer}/.well-known/openid-configuration`;
}

function oauthProviders(config: AppConfig): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.oidc) {
    providers.push({
      providerId: config.oidc.providerId,
      discoveryUrl: discoveryUrl(config.oidc.issuer),
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      scopes: config.oidc.scopes,
      pkce: true,
      // The default of OpenID Connect client registration; every common IdP supports it.
      tokenEndpointAuth: { method: 'client_secret_basic' },
    });
  }
  if (config.social?.issuer) {
    providers.push({
      providerId: config.social.provider,
      discoveryUrl: discoveryUrl(config.social.issuer),
      clientId: config.social.clientId,
      clientSecret: config.social.clientSecret,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      tokenEndpointAuth: { method: 'client_secret_basic' },
    });
  }
  return providers;
}

/**
 * Google and Microsoft without an issuer override use better-auth's built-in providers: they
 * know the quirks of the real services (Microsoft's multi-tenant "common" issuer cannot be
 * verified by plain OpenID Connect discovery).
 */
function builtInSocialProviders(config: AppConfig): BetterAuthOptions['socialProviders'] {
  const social = config.social;
  if (!social || social.issuer) return undefined;
  const credentials = { clientId: social.clientId, clientSecret: social.clientSecret };
  return social.provider === 'google'
    ? { google: credentials }
    : { microsoft: { ...credentials, tenantId: 'common' } };
}

/** Sends reset links to the web app's form even when a client forgot `redirectTo`. */
function withResetPage(url: string): string {
  const link = new URL(url);
  if (!link.searchParams.get('callbackURL')) {
    link.searchParams.set('callbackURL', RESET_PASSWORD_PAGE);
  }
  return link.toString();
}

export function createAuthOptions({
  config,
  database,
  people,
  mail,
  log,
}: AuthDeps): BetterAuthOptions {
  const secure = config.publicUrl.startsWith('https:');
  const providers = oauthProviders(config);
  // The enterprise provider is the organisation's own directory, configured by the
  // administrator: its addresses count as the person's. A social provider's only when it says
  // it verified them (better-auth checks that for joining an existing account, the person gate
  // for a person's first login).
  const trustedProviders = config.oidc ? [config.oidc.providerId] : [];
  const authLog = log.child({ module: 'better-auth' });

  return {
    appName: 'Quality Audit',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret ?? undefined,
    trustedOrigins: config.trustedOrigins,
    database: { db: database.db, type: database.dialect, transaction: true },
    telemetry: { enabled: false },
    logger: {
      level: 'debug',
      log: (level, message, ...args) => authLog[level](args.length ? { args } : {}, message),
    },
    emailAndPassword: {
      enabled: true,
      // People are created by admins; nobody signs themselves up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_RULES.minLength,
      maxPasswordLength: PASSWORD_RULES.maxLength,
      resetPasswordTokenExpiresIn: 3600,
      // A reset usually means the password leaked: end the sessions that used it.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const link = withResetPage(url);
        mail.send(passwordResetMail(user.email, user.name, link), { userId: user.id });
        if (!config.mail.smtpUrl) log.info({ userId: user.id, link }, 'password reset link');
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders,
        // Every local account is provisioned by an admin for a known person, so an
        // unverified local e-mail cannot be a squatter's: a trusted or verified IdP login may
        // join it.
        requireLocalEmailVerified: false,
      },
    },
    rateLimit: {
      enabled: true,
      // Shared by every server instance on one PostgreSQL.
      storage: 'database',
      window: 10,
      max: 100,
      customRules: {
        '/sign-in/email': config.rateLimit.signIn,
        '/request-password-reset': config.rateLimit.passwordReset,
        // Starting an OAuth redirect proves nothing about credentials; the default for
        // /sign-in/* (3 in 10 s) would only bother users.
        '/sign-in/social': { window: 60, max: 30 },
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Stated, because better-auth skips both checks when NODE_ENV is "test": the behaviour
      // the tests see must be the behaviour in production.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: {
      // OAuth errors (including no_person_record) land on the sign-in page, not better-auth's.
      errorURL: `${config.publicUrl}/signin`,
      // Into our log instead of better-auth's console output; refusals are routine.
      onError: (error) => {
        const status = statusOf(error);
        if (status >= 500) authLog.error({ err: error }, 'auth request failed');
        else authLog.debug({ status, message: (error as Error).message }, 'auth request refused');
      },
    },
    databaseHooks: personGateHooks(people, { trustedProviders }),
    socialProviders: builtInSocialProviders(config),
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
  };
}
