import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';

/**
 * Configuration segment `template`: what a new template item starts with (SPEC section 9:
 * standard ISO9001, audited by internal) and the capability limits the question catalogue
 * quotes (machine capability above 1.67, long-term process capability above 1.33).
 */
export const templateConfigSchema = z.strictObject({
  defaultItem: z.strictObject({
    standard: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
    audited_by: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  }),
  catalogue: z.strictObject({
    capabilityLimits: z.strictObject({
      machine: z.number().check(z.positive()),
      longTerm: z.number().check(z.positive()),
    }),
  }),
});
export type TemplateConfig = z.infer<typeof templateConfigSchema>;
export type CapabilityLimits = TemplateConfig['catalogue']['capabilityLimits'];

export const DEFAULT_TEMPLATE_CONFIG: TemplateConfig = {
  defaultItem: { standard: 'iso9001', audited_by: 'internal' },
  catalogue: { capabilityLimits: { machine: 1.67, longTerm: 1.33 } },
};
