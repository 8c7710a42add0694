import { z } from 'zod';
import { findingTypeSchema } from './configured-types';
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
  types: uniqueIdList(findingTypeSchema).min(1),
  customFields: z.array(z.enum(FINDING_CUSTOM_FIELDS)),
});
export type FindingConfig = z.infer<typeof findingConfigSchema>;

export const DEFAULT_FINDING_CONFIG: FindingConfig = {
  types: [...DEFAULT_FINDING_TYPES],
  customFields: [],
};
