import { z } from 'zod';
import { DEFAULT_PERSON_ROLES } from './config/user.config';
import { roleListSchema } from './roles';

/**
 * A person of the organisation (SPEC section 3 "User"). The record exists on its own; a login
 * account is linked when the person may sign in. Without one the person is "inactive"
 * (SPEC section 4 "User account"): they can be named as auditor or participant but cannot sign in.
 */
export const PERSON_TYPES = ['active', 'inactive'] as const;
export const personTypeSchema = z.enum(PERSON_TYPES);
export type PersonType = z.infer<typeof personTypeSchema>;

export const personSchema = z.object({
  id: z.string().min(1),
  displayName: z.string().trim().min(1),
  email: z.string().trim().toLowerCase().pipe(z.email()).nullable(),
  avatar: z.string().nullable(),
  type: personTypeSchema,
  roles: roleListSchema,
  /** Id of the linked login account; null for an inactive record. */
  accountId: z.string().nullable(),
  /** Whether the linked login may be used. */
  loginActive: z.boolean(),
  createdDate: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** What a client may send to create a person. */
export const newPersonSchema = z.object({
  displayName: z.string().trim().min(1),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  roles: roleListSchema.default(() => [...DEFAULT_PERSON_ROLES]),
});
export type NewPerson = z.infer<typeof newPersonSchema>;

/**
 * What every client replicates of a person (collection `people`, DESIGN.md section 4): the
 * directory the user pickers list. Strict, so the login's link and state (`accountId`,
 * `loginActive`) or anything else about the login can never slip into a document every
 * signed-in person holds.
 */
export const personDocumentSchema = z.strictObject(
  personSchema.pick({
    id: true,
    displayName: true,
    email: true,
    avatar: true,
    type: true,
    roles: true,
  }).shape,
);
export type PersonDocument = z.infer<typeof personDocumentSchema>;

/** The directory document of a person record. */
export function toPersonDocument(person: Person): PersonDocument {
  return {
    id: person.id,
    displayName: person.displayName,
    email: person.email,
    avatar: person.avatar,
    type: person.type,
    roles: [...person.roles],
  };
}

/** The form an e-mail is stored and compared in (as `personSchema` does it). */
export function normalizePersonEmail(email: string): string {
  return email.trim().toLowerCase();
}
