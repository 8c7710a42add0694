// No zod here: the sign-in page imports these codes, and the first screen must stay small.

/**
 * Error codes of sign-in that the web app translates: the JSON answer of
 * `POST /api/auth/sign-in/email` and the `error` query parameter of `/signin` after an
 * OpenID Connect login. `email_not_verified`: the social login provider did not confirm the
 * e-mail address, so the login may not be joined to the person with that address.
 */
export const SIGN_IN_ERROR_CODES = {
  noPersonRecord: 'NO_PERSON_RECORD',
  noPersonRecordRedirect: 'no_person_record',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  emailNotVerifiedRedirect: 'email_not_verified',
} as const;
