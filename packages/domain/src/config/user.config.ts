import { z } from 'zod/mini';
import { roleIdSchema, roleListSchema, type RoleId } from '../roles';

/**
 * The roles a new person gets (app, user picker, people import) unless the configuration says
 * otherwise.
 */
export const DEFAULT_PERSON_ROLES: readonly RoleId[] = ['user'];

/**
 * Configuration segment `user`: the roles a new person gets, and which role fills the auditor
 * pickers (SPEC section 6: auditor selection lists only users with the auditor role) and the
 * measure assignment.
 */
export const userConfigSchema = z.strictObject({
  defaultRoles: roleListSchema,
  auditorRole: roleIdSchema,
  measureDispatcherRole: roleIdSchema,
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export const DEFAULT_USER_CONFIG: UserConfig = {
  defaultRoles: [...DEFAULT_PERSON_ROLES],
  auditorRole: 'auditor',
  measureDispatcherRole: 'measure-dispatcher',
};
