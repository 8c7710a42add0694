import { z } from 'zod/mini';
import { findingTypeSchema } from './configured-types';
import { fulfilmentOrderViolations } from '../scoring/finding-scale';
import { DEFAULT_FINDING_TYPES } from './default-types';
import { uniqueIdList } from './localized-text.schema';

/** The optional finding fields of SPEC section 3 a configuration can switch on. */
export const FINDING_CUSTOM_FIELDS = [
  'error_code',
  'module',
  'part',
  'zone',
  'costcenter',
] as const;

/**
 * Configuration segment `finding`: the finding types (with their scoring value, placeholder
 * text and item state) and which custom fields the finding dialog shows. None by default: they
 * serve vehicle inspections, not a general quality audit.
 */
export const findingConfigSchema = z.strictObject({
  // A more severe type (higher value) fulfilling more than a less severe one would let a worse
  // finding raise a compliance score (decision 67).
  types: uniqueIdList(findingTypeSchema)
    .check(z.minLength(1))
    .check(
      z.superRefine((types, ctx) => {
        // zod refines a list whose entries failed too: their own errors say enough then.
        const invalid = types.some(
          (type) =>
            !Number.isFinite(type.value) ||
            (type.fulfilment !== undefined &&
              !findingTypeSchema.shape.fulfilment.safeParse(type.fulfilment).success),
        );
        if (invalid) return;
        for (const { index, lessSevere } of fulfilmentOrderViolations(types)) {
          ctx.addIssue({
            code: 'custom',
            message: 'config.finding.fulfilmentOrder',
            path: [index, 'fulfilment'],
            params: { value: types[index]!.id, other: lessSevere },
          });
        }
      }),
    ),
  customFields: z.array(z.enum(FINDING_CUSTOM_FIELDS)),
});
export type FindingConfig = z.infer<typeof findingConfigSchema>;

export const DEFAULT_FINDING_CONFIG: FindingConfig = {
  types: [...DEFAULT_FINDING_TYPES],
  customFields: [],
};
