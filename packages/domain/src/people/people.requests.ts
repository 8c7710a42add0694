import { z } from 'zod/mini';
import { PASSWORD_RULES } from '../account';
import { validationIssueMessage } from '../entities/validation-issue';
import { MAX_NAME_LENGTH, MAX_URL_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import { MAX_EMAIL_LENGTH, personLanguageSchema, personPreferencesSchema } from '../person';
import { roleListSchema } from '../roles';
import { EMAIL_EXAMPLE } from '../validation/email';

/**
 * The bodies of the people and account endpoints (docs/api.md "People and account", issue 15).
 * The server parses requests with them, the web app's forms validate with the same schemas;
 * error texts are message keys (`requestIssues` turns a failed parse into DomainMessages with
 * `params.field`). Strict: a field the endpoint does not know is refused, not ignored.
 */

const displayNameSchema = z
  .string({ error: 'person.nameRequired' })
  .check(z.trim())
  .check(z.minLength(1, 'person.nameRequired'))
  .check(z.maxLength(MAX_NAME_LENGTH, 'validation.maxLength'));

const emailSchema = z.pipe(
  z
    .string({ error: 'person.emailRequired' })
    .check(z.trim())
    .check(z.toLowerCase())
    .check(z.minLength(1, 'person.emailRequired'))
    .check(z.maxLength(MAX_EMAIL_LENGTH, 'person.emailInvalid')),
  z.email('person.emailInvalid'),
);

/** An avatar: the URL or file reference the avatar picker produced; null removes it. */
const avatarSchema = z.nullable(
  z.string().check(z.maxLength(MAX_URL_LENGTH, 'validation.maxLength')),
);

/** `POST /api/v1/people`: a new person; `login: true` gives them a password login at once. */
export const createPersonRequestSchema = z.strictObject({
  displayName: displayNameSchema,
  email: emailSchema,
  roles: roleListSchema,
  login: z.boolean({ error: 'validation.required' }),
  language: z.optional(z.nullable(personLanguageSchema)),
});
export type CreatePersonRequest = z.infer<typeof createPersonRequestSchema>;

/**
 * `PATCH /api/v1/people/:id`: name and avatar. `email` is accepted only to be compared with
 * the stored one (`emailImmutable`): it cannot be changed once set (SPEC section 6).
 */
export const updatePersonRequestSchema = z.strictObject({
  displayName: z.optional(displayNameSchema),
  avatar: z.optional(avatarSchema),
  email: z.optional(emailSchema),
});
export type UpdatePersonRequest = z.infer<typeof updatePersonRequestSchema>;

/** `PUT /api/v1/people/:id/roles`. */
export const setRolesRequestSchema = z.strictObject({ roles: roleListSchema });
export type SetRolesRequest = z.infer<typeof setRolesRequestSchema>;

/** `PATCH /api/v1/me`: one's own name, avatar, mail language and preferences (each optional). */
export const updateMeRequestSchema = z.strictObject({
  displayName: z.optional(displayNameSchema),
  avatar: z.optional(avatarSchema),
  language: z.optional(z.nullable(personLanguageSchema)),
  preferences: z.optional(z.partial(personPreferencesSchema)),
});
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** `POST /api/v1/me/password`: PASSWORD_RULES for the new one. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'validation.required' })
    .check(z.minLength(1, 'validation.required')),
  newPassword: z
    .string({ error: 'validation.required' })
    .check(z.minLength(PASSWORD_RULES.minLength, 'account.passwordTooShort'))
    .check(z.maxLength(PASSWORD_RULES.maxLength, 'account.passwordTooLong')),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The messages of a failed request parse, `params.field` naming the input. The e-mail message
 * gets its example, the password ones their limits.
 */
export function requestIssues(error: z.core.$ZodError): DomainMessage[] {
  return error.issues.map((issue) => {
    const message = validationIssueMessage(issue);
    const params = { ...message.params };
    if (message.key === 'person.emailInvalid') params.example = EMAIL_EXAMPLE;
    if (message.key === 'account.passwordTooShort') params.min = PASSWORD_RULES.minLength;
    if (message.key === 'account.passwordTooLong') params.max = PASSWORD_RULES.maxLength;
    return { key: message.key, params };
  });
}
