import type { CompanyMetadata } from './company-metadata.schema';

/**
 * Total number of employees: office + commercial + drivers. A count nobody entered (null or
 * absent) adds 0; invalid counts never get here because the schema rejects them.
 */
export function companyEmployeeTotal(meta: Pick<CompanyMetadata, 'employees'> | null): number {
  const employees = meta?.employees;
  return (employees?.office ?? 0) + (employees?.commercial ?? 0) + (employees?.drivers ?? 0);
}
