import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import { localizedTextSchema, uniqueIdList } from './localized-text.schema';

/** A place an audit can cover (SPEC section 3 "Scope entries"). */
export const scopeEntrySchema = z.strictObject({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  site: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  region: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  division: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
});
export type ScopeEntry = z.infer<typeof scopeEntrySchema>;

/**
 * A field of the scope schema: the audit's scope object gets one value per field. A select
 * field offers `options`; text and date fields are typed in.
 */
export const scopeFieldSchema = z
  .strictObject({
    id: z
      .string()
      .check(z.maxLength(MAX_NAME_LENGTH))
      .check(z.regex(/^[a-z][a-z0-9_]*$/)),
    label: localizedTextSchema,
    type: z.enum(['select', 'text', 'date']),
    required: z.boolean(),
    options: z._default(
      z.array(z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH))),
      [],
    ),
  })
  .check(
    z.refine((field) => field.type !== 'select' || field.options.length > 0, {
      error: 'validation.required',
      path: ['options'],
    }),
  );
export type ScopeField = z.infer<typeof scopeFieldSchema>;

/** Configuration segment `scopes`: the scope entries and the scope schema. */
export const scopesConfigSchema = z.strictObject({
  entries: uniqueIdList(scopeEntrySchema),
  schema: uniqueIdList(scopeFieldSchema),
});
export type ScopesConfig = z.infer<typeof scopesConfigSchema>;

export const DEFAULT_SCOPES_CONFIG: ScopesConfig = {
  entries: [
    { id: 'munich', site: 'Munich', region: 'Germany', division: 'Production' },
    { id: 'cracow', site: 'Cracow', region: 'Poland', division: 'Production' },
    { id: 'styr', site: 'Styr', region: 'Austria', division: 'Production' },
    { id: 'pinetown', site: 'Pinetown', region: 'South Africa', division: 'Production' },
    { id: 'st-petersburg', site: 'St. Petersburg', region: 'Russia', division: 'Production' },
  ],
  schema: [
    {
      id: 'plant',
      label: { de: 'Werk', en: 'Plant' },
      type: 'select',
      required: true,
      options: ['Munich', 'Cracow', 'Styr', 'Pinetown', 'St. Petersburg'],
    },
    {
      id: 'productline',
      label: { de: 'Produktlinie', en: 'Product line' },
      type: 'select',
      required: true,
      options: ['TGX', 'TGL', 'TGM', 'TGS', 'VW'],
    },
    {
      id: 'chassis_number',
      label: { de: 'Fahrgestellnummer', en: 'Chassis number' },
      type: 'text',
      required: false,
      options: [],
    },
    {
      id: 'production_number',
      label: { de: 'Produktionsnummer', en: 'Production number' },
      type: 'text',
      required: false,
      options: [],
    },
    {
      id: 'production_date',
      label: { de: 'Produktionsdatum', en: 'Production date' },
      type: 'date',
      required: false,
      options: [],
    },
    {
      id: 'steering',
      label: { de: 'Lenkung', en: 'Steering' },
      type: 'select',
      required: false,
      options: ['LL', 'RL'],
    },
  ],
};
