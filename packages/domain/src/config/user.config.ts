import { z } from 'zod';
import { roleIdSchema, roleListSchema } from '../roles';

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
  defaultRoles: ['user'],
  auditorRole: 'auditor',
  measureDispatcherRole: 'measure-dispatcher',
};
