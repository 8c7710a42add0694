import { z } from 'zod/mini';
import { getOwn, type JsonObject } from '@qa/sync';
import { DEFAULT_PERSON_ROLES } from '../config/user.config';
import { idSchema } from '../ids';
import type { DomainMessage } from '../messages/message';
import {
  MAX_EMAIL_LENGTH,
  normalizePersonEmail,
  PEOPLE_COLLECTION,
  PERSON_EMAILS_COLLECTION,
  type PersonDocument,
} from '../person';
import { EMAIL_EXAMPLE, validateNewPersonFields } from '../validation/email';
import { commandError, commandOk, defineCommand, toJsonValue, type DocRef } from './define-command';

/** The roles the user picker may give a new person: never admin, qm or dispatcher. */
export const PICKER_PERSON_ROLES = ['user', 'auditor'] as const;

export const personDocRef = (id: string): DocRef => ({ collection: PEOPLE_COLLECTION, id });
export const personEmailDocRef = (email: string): DocRef => ({
  collection: PERSON_EMAILS_COLLECTION,
  id: normalizePersonEmail(email),
});

/** The person an e-mail index entry points to; null for none (or a malformed entry). */
export function personIdOfEmailEntry(entry: JsonObject | undefined): string | null {
  const personId = entry ? getOwn(entry, 'personId') : undefined;
  return typeof personId === 'string' ? personId : null;
}

/**
 * `person.createInactive` {id, displayName, email, roles?}. Name and e-mail are plain strings
 * (null and absent count as empty) so an empty form gets the picker's messages, not a schema
 * error; roles only from `PICKER_PERSON_ROLES`, no repeats.
 */
export const createInactivePersonArgsSchema = z.object({
  id: idSchema,
  displayName: z.nullish(z.string()),
  email: z.nullish(z.string()),
  roles: z.optional(
    z
      .array(z.enum(PICKER_PERSON_ROLES))
      .check(
        z.refine((roles) => new Set(roles).size === roles.length, { message: 'roles.duplicate' }),
      ),
  ),
});
export type CreateInactivePersonArgs = z.infer<typeof createInactivePersonArgsSchema>;

/** The picker's field checks (SPEC section 5), each issue naming its field. */
function fieldIssues(displayName: string, email: string): DomainMessage[] {
  const errors = validateNewPersonFields({ displayName, email });
  if (!errors.email && email.length > MAX_EMAIL_LENGTH) {
    errors.email = { key: 'person.emailInvalid', params: { example: EMAIL_EXAMPLE } };
  }
  const issues: DomainMessage[] = [];
  for (const field of ['displayName', 'email'] as const) {
    const error = errors[field];
    if (error) issues.push({ ...error, params: { ...error.params, field } });
  }
  return issues;
}

/**
 * Adds a person without a login from the user picker (SPEC section 5 "New person in user
 * picker"; SPEC section 4: an inactive record can be named as auditor or participant and get a
 * login later). Name required, e-mail required and valid (`rule`, issues at `displayName` /
 * `email`); an id in use or an e-mail another person has is a `conflict`. Writes the person
 * document (type 'inactive', roles default `DEFAULT_PERSON_ROLES`) and its e-mail index entry.
 * The client does not replicate the index, so its optimistic run cannot see a taken e-mail: the
 * server's run refuses it.
 */
export const createInactivePersonCommand = defineCommand({
  name: 'person.createInactive',
  args: createInactivePersonArgsSchema,
  action: 'person.create',
  reads: ({ id, email }) => {
    const normalised = normalizePersonEmail(email ?? '');
    return normalised === '' || normalised.length > MAX_EMAIL_LENGTH
      ? [personDocRef(id)]
      : [personDocRef(id), personEmailDocRef(normalised)];
  },
  run(state, args) {
    if (state.get(PEOPLE_COLLECTION, args.id)) {
      return commandError('conflict', { key: 'person.idTaken', params: { id: args.id } });
    }
    const displayName = (args.displayName ?? '').trim();
    const email = normalizePersonEmail(args.email ?? '');
    const issues = fieldIssues(displayName, email);
    if (issues.length > 0) return commandError('rule', issues[0]!, issues);
    const owner = personIdOfEmailEntry(state.get(PERSON_EMAILS_COLLECTION, email));
    if (owner !== null && owner !== args.id) {
      return commandError('conflict', { key: 'person.emailTaken', params: { email } }, [
        { key: 'person.emailTaken', params: { email, field: 'email' } },
      ]);
    }
    const person: PersonDocument = {
      id: args.id,
      displayName,
      email,
      avatar: null,
      type: 'inactive',
      roles: [...(args.roles ?? DEFAULT_PERSON_ROLES)],
    };
    return commandOk(
      [
        {
          op: 'set',
          collection: PEOPLE_COLLECTION,
          id: person.id,
          path: [],
          value: toJsonValue(person),
        },
        {
          op: 'set',
          collection: PERSON_EMAILS_COLLECTION,
          id: email,
          path: [],
          value: { personId: person.id },
        },
      ],
      {
        activity: { verb: 'created', object: displayName, objectUrl: `/user/${person.id}` },
        message: { key: 'person.created', params: { name: displayName } },
      },
    );
  },
});
