import { companyMetadataSchema, type CompanyMetadata } from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';

/** The company data dialog's fields as typed: numbers as text, so "" can mean "not asked". */
export interface CompanyDataForm {
  enterprise: boolean;
  transport: boolean;
  forwarding: boolean;
  warehousing: boolean;
  trucks: string;
  office: string;
  commercial: string;
  drivers: string;
  storageArea: string;
  storageLocations: string;
  inspectionType: string;
}

export type CompanyCountField =
  'trucks' | 'office' | 'commercial' | 'drivers' | 'storageArea' | 'storageLocations';

export const COMPANY_FLAGS = ['enterprise', 'transport', 'forwarding', 'warehousing'] as const;

const objectOf = (value: JsonValue | undefined): JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
const numberText = (value: JsonValue | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** The form from the audit's stored `companyMetadata` (leniently: an old entry still opens). */
export function companyDataFormOf(stored: JsonValue | undefined): CompanyDataForm {
  const data = objectOf(stored);
  const employees = objectOf(data.employees);
  return {
    enterprise: data.enterprise === true,
    transport: data.transport === true,
    forwarding: data.forwarding === true,
    warehousing: data.warehousing === true,
    trucks: numberText(data.trucks),
    office: numberText(employees.office),
    commercial: numberText(employees.commercial),
    drivers: numberText(employees.drivers),
    storageArea: numberText(data.storageArea),
    storageLocations: numberText(data.storageLocations),
    inspectionType: typeof data.inspectionType === 'string' ? data.inspectionType : '',
  };
}

/**
 * A typed number: "" is null (not asked), a comma counts as the decimal point (German
 * keyboards); anything else that is no number is NaN, which the command refuses at its field.
 */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return Number(trimmed.replace(',', '.'));
}

/** The command's `companyMetadata` from the form. */
export function companyMetadataOf(form: CompanyDataForm): CompanyMetadata {
  return {
    enterprise: form.enterprise,
    transport: form.transport,
    forwarding: form.forwarding,
    warehousing: form.warehousing,
    trucks: parseCount(form.trucks),
    employees: {
      office: parseCount(form.office),
      commercial: parseCount(form.commercial),
      drivers: parseCount(form.drivers),
    },
    storageArea: parseCount(form.storageArea),
    storageLocations: parseCount(form.storageLocations),
    inspectionType: form.inspectionType === '' ? null : form.inspectionType,
  };
}

const FIELD_OF_PATH: Record<string, CompanyCountField> = {
  trucks: 'trucks',
  'employees.office': 'office',
  'employees.commercial': 'commercial',
  'employees.drivers': 'drivers',
  storageArea: 'storageArea',
  storageLocations: 'storageLocations',
};

/**
 * The problems of the typed counts, by field, as message keys: the domain's own schema decides
 * (the one `audit.updateCompanyMetadata` parses with), so the dialog never refuses what the
 * command would take, nor sends what it would refuse.
 */
export function companyIssues(form: CompanyDataForm): Partial<Record<CompanyCountField, string>> {
  const parsed = companyMetadataSchema.safeParse(companyMetadataOf(form));
  const issues: Partial<Record<CompanyCountField, string>> = {};
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field) issues[field] ??= issue.message;
  }
  return issues;
}
