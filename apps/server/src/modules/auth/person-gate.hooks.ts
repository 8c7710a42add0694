import { SIGN_IN_ERROR_CODES } from '@qa/domain';
import { APIError, type BetterAuthOptions } from 'better-auth';
import type { PeopleService } from '../people/people.service';

type HookContext = { path?: string } | null;

/**
 * The refusal when a login has no person record. In the OAuth callback better-auth turns the
 * code into `?error=<code>` on the error URL (/signin), so that flow gets the lower-case code
 * and no message (no `error_description` in the browser's address bar); the JSON sign-in
 * answers 403 `{ code: "NO_PERSON_RECORD", message }`.
 */
function noPersonRecord(context: HookContext): APIError {
  if (context?.path?.startsWith('/callback')) {
    return new APIError('FORBIDDEN', { code: SIGN_IN_ERROR_CODES.noPersonRecordRedirect });
  }
  return new APIError('FORBIDDEN', {
    code: SIGN_IN_ERROR_CODES.noPersonRecord,
    message: 'No active person record is linked to this login',
  });
}

/**
 * People are created by admins, never by signing in (SPEC section 5: "if no matching user
 * record exists the user is signed out again"). These hooks enforce it below every sign-in
 * flow better-auth has, so no route can forget it:
 * - a login account may only be created for a person found by e-mail who has none yet
 *   (OpenID Connect / social sign-in of a known person); it is then linked to that person;
 * - a session is only created for an account linked to an active person.
 */
export function personGateHooks(people: PeopleService): BetterAuthOptions['databaseHooks'] {
  return {
    user: {
      create: {
        before: async (user, context) => {
          const person = await people.findByEmail(user.email);
          if (!person || person.accountId !== null) throw noPersonRecord(context);
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
          if (!(await people.findSignInPerson(session.userId))) throw noPersonRecord(context);
        },
      },
    },
  };
}
