import { z } from 'zod/mini';

/** The five roles of SPEC section 6; a person may hold several. */
export const ROLE_IDS = ['user', 'auditor', 'qm', 'admin', 'measure-dispatcher'] as const;

export const roleIdSchema = z.enum(ROLE_IDS);
export type RoleId = z.infer<typeof roleIdSchema>;

/** A list of roles: no unknown role, no duplicates. */
export const roleListSchema = z
  .array(roleIdSchema)
  .check(z.refine((roles) => new Set(roles).size === roles.length, { message: 'roles.duplicate' }));

export function isRoleId(value: unknown): value is RoleId {
  return roleIdSchema.safeParse(value).success;
}

export function hasRole(roles: readonly string[], role: RoleId): boolean {
  return roles.includes(role);
}
