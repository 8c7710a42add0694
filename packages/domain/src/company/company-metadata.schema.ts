import { z } from 'zod/mini';
import type { MessageText } from '../messages/message';

/** A count a person types in: whole, not negative; NaN and Infinity are rejected by zod. */
const countSchema = z._default(
  z.nullable(
    z
      .number({ error: 'validation.nonNegativeNumber' })
      .check(z.int({ error: 'validation.wholeNumber' }))
      .check(z.nonnegative({ error: 'validation.nonNegativeNumber' })),
  ),
  null,
);

/**
 * The company data of an audited company (SPEC section 3 "Company metadata"), edited in the
 * company data dialog. Unknown counts are null, not 0, so the dialog can tell "not asked" from
 * "none"; totals treat null as 0 (company-totals.ts). `inspectionType` is the id of a configured
 * company inspection type (audit configuration segment).
 */
export const companyEmployeesSchema = z.object({
  office: countSchema,
  commercial: countSchema,
  drivers: countSchema,
});
export type CompanyEmployees = z.infer<typeof companyEmployeesSchema>;

export const companyMetadataSchema = z.object({
  enterprise: z._default(z.boolean(), false),
  transport: z._default(z.boolean(), false),
  forwarding: z._default(z.boolean(), false),
  warehousing: z._default(z.boolean(), false),
  trucks: countSchema,
  employees: z._default(companyEmployeesSchema, { office: null, commercial: null, drivers: null }),
  /** Storage area in square metres; may be fractional. */
  storageArea: z._default(
    z.nullable(
      z
        .number({ error: 'validation.nonNegativeNumber' })
        .check(z.nonnegative({ error: 'validation.nonNegativeNumber' })),
    ),
    null,
  ),
  storageLocations: countSchema,
  inspectionType: z._default(z.nullable(z.string().check(z.minLength(1))), null),
});
export type CompanyMetadata = z.infer<typeof companyMetadataSchema>;

/** The dialog's field labels; the German ones are the spec's. */
export const COMPANY_METADATA_LABELS: Readonly<Record<string, MessageText>> = {
  enterprise: { de: 'Unternehmen', en: 'Company' },
  transport: { de: 'Transport', en: 'Transport' },
  forwarding: { de: 'Spedition', en: 'Freight forwarding' },
  warehousing: { de: 'Lagerei / Logistik', en: 'Warehousing / logistics' },
  trucks: { de: 'Anzahl LKW', en: 'Number of trucks' },
  employees: { de: 'Anzahl Mitarbeiter', en: 'Number of employees' },
  'employees.office': { de: 'Büro', en: 'Office' },
  // "Gewerblich" = blue-collar staff (the field is named `commercial` for the German word).
  'employees.commercial': { de: 'Gewerblich', en: 'Industrial staff' },
  'employees.drivers': { de: 'Fahrer', en: 'Drivers' },
  'employees.total': { de: 'Gesamt', en: 'Total' },
  storageArea: { de: 'Lagerfläche (m²)', en: 'Storage area (m²)' },
  storageLocations: { de: 'Anzahl Lagerorte', en: 'Number of storage locations' },
  inspectionType: { de: 'Art der Prüfung', en: 'Type of inspection' },
};
