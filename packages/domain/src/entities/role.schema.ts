import { z } from 'zod/mini';
import type { MessageText } from '../messages/message';
import { type RoleId, ROLE_IDS, roleIdSchema } from '../roles';

/**
 * A role document (SPEC section 3 "Role"): its members are kept as a map user id ->
 * `{ active }` because membership is set and removed per user (`members/{userId}`); only
 * active entries count.
 */
export const roleMembershipSchema = z.object({ active: z.boolean() });

export const roleSchema = z.object({
  id: roleIdSchema,
  description: z.string(),
  members: z._default(z.record(z.string(), roleMembershipSchema), {}),
});
export type Role = z.infer<typeof roleSchema>;

/** The user ids holding the role, sorted so two readers see the same order. */
export function activeRoleMembers(role: Pick<Role, 'members'>): string[] {
  return Object.entries(role.members)
    .filter(([, membership]) => membership.active)
    .map(([userId]) => userId)
    .sort();
}

/** Descriptions of the built-in roles; the English ones are the spec's. */
export const ROLE_LABELS: Readonly<Record<RoleId, MessageText>> = {
  user: { de: 'Benutzer', en: 'User' },
  auditor: { de: 'Auditor', en: 'Auditor' },
  admin: { de: 'Administrator', en: 'Administrator' },
  qm: { de: 'Qualitätsmanager', en: 'Quality Manager' },
  'measure-dispatcher': { de: 'Maßnahmen-Disponent', en: 'Measure dispatcher' },
};

/** The role documents a new installation is seeded with: every role, no members yet. */
export const DEFAULT_ROLES: readonly Role[] = ROLE_IDS.map((id) => ({
  id,
  description: ROLE_LABELS[id].en,
  members: {},
}));
