import { SIGN_IN_ERROR_CODES } from '@qa/domain';
import { APIError, type BetterAuthOptions } from 'better-auth';
import type { PeopleService } from '../people/people.service';

type HookContext = { path?: string; params?: unknown; body?: unknown } | null;

interface Refusal {
  /** Lower-case, for `/signin?error=<code>` after an OAuth callback. */
  redirectCode: string;
  /** Upper-case, for the JSON answer. */
  code: string;
  message: string;
}

const NO_PERSON_RECORD: Refusal = {
  redirectCode: SIGN_IN_ERROR_CODES.noPersonRecordRedirect,
  code: SIGN_IN_ERROR_CODES.noPersonRecord,
  message: 'No active person record is linked to this login',
};

const EMAIL_NOT_VERIFIED: Refusal = {
  redirectCode: SIGN_IN_ERROR_CODES.emailNotVerifiedRedirect,
  code: SIGN_IN_ERROR_CODES.emailNotVerified,
  message: 'The login provider has not verified this e-mail address',
};

function isCallback(context: HookContext): boolean {
  return context?.path?.startsWith('/callback') ?? false;
}

/**
 * A refusal of a login. In the OAuth callback better-auth turns the code into `?error=<code>`
 * on the error URL (/signin), so that flow gets the lower-case code and no message (no
 * `error_description` in the browser's address bar); the JSON sign-in answers 403
 * `{ code, message }`.
 */
function refuse(context: HookContext, refusal: Refusal): APIError {
  if (isCallback(context)) return new APIError('FORBIDDEN', { code: refusal.redirectCode });
  return new APIError('FORBIDDEN', { code: refusal.code, message: refusal.message });
}

/**
 * The external provider a new login comes from: the callback's `/callback/:id`, or the
 * `provider` of a sign-in with an ID token. Null when it cannot be told (then it is not trusted).
 */
function loginProviderId(context: HookContext): string | null {
  const source = isCallback(context) ? context?.params : context?.body;
  const record = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  const id = isCallback(context) ? record.id : record.provider;
  return typeof id === 'string' ? id : null;
}

export interface PersonGateOptions {
  /**
   * Providers whose e-mail addresses count without the provider's `email_verified`: the
   * enterprise identity provider the administrator configured.
   */
  trustedProviders: readonly string[];
}

/**
 * People are created by admins, never by signing in (SPEC section 5: "if no matching user
 * record exists the user is signed out again"). These hooks enforce it below every sign-in
 * flow better-auth has, so no route can forget it:
 * - a login account may only be created for a person found by e-mail who has none yet
 *   (OpenID Connect / social sign-in of a known person); it is then linked to that person;
 * - and only if the provider verified that e-mail address, unless it is a trusted provider:
 *   anyone can claim any address at a social provider, and must not take over its person;
 * - a session is only created for an account linked to an active person.
 * Joining an external login to an existing account (a person who signs in with a password)
 * is refused by better-auth itself for an untrusted provider without a verified e-mail
 * (`accountLinking.trustedProviders` in auth-options.ts).
 */
export function personGateHooks(
  people: PeopleService,
  { trustedProviders }: PersonGateOptions,
): BetterAuthOptions['databaseHooks'] {
  const trusted = new Set(trustedProviders);
  return {
    user: {
      create: {
        before: async (user, context) => {
          const provider = loginProviderId(context);
          // Checked first, so an unverified address reveals nothing about who has a record.
          if (user.emailVerified !== true && !(provider && trusted.has(provider))) {
            throw refuse(context, EMAIL_NOT_VERIFIED);
          }
          const person = await people.findByEmail(user.email);
          if (!person || person.accountId !== null) throw refuse(context, NO_PERSON_RECORD);
        },
        after: async (user) => {
          const person = await people.findByEmail(user.email);
          // A lost race leaves the person unlinked; the session hook then refuses the login.
          if (person && person.accountId === null) {
            await people.linkAccount(person.id, user.id).catch(() => undefined);
          }
        },
      },
    },
    session: {
      create: {
        before: async (session, context) => {
          if (!(await people.findSignInPerson(session.userId))) {
            throw refuse(context, NO_PERSON_RECORD);
          }
        },
      },
    },
  };
}
