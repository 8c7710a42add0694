import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY_METADATA_LABELS, companyMetadataSchema } from './company-metadata.schema';
import { companyEmployeeTotal } from './company-totals';

describe('companyMetadataSchema', () => {
  it('fills an empty document with unknown counts and no activity', () => {
    expect(companyMetadataSchema.parse({})).toEqual({
      enterprise: false,
      transport: false,
      forwarding: false,
      warehousing: false,
      trucks: null,
      employees: { office: null, commercial: null, drivers: null },
      storageArea: null,
      storageLocations: null,
      inspectionType: null,
    });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 2.5])('rejects the count %s', (value) => {
    expect(companyMetadataSchema.safeParse({ employees: { drivers: value } }).success).toBe(false);
    expect(companyMetadataSchema.safeParse({ trucks: value }).success).toBe(false);
  });

  it('accepts a fractional storage area but not a negative one', () => {
    expect(companyMetadataSchema.parse({ storageArea: 12.5 }).storageArea).toBe(12.5);
    expect(companyMetadataSchema.safeParse({ storageArea: -1 }).success).toBe(false);
  });

  it('carries message keys as errors', () => {
    const result = companyMetadataSchema.safeParse({ trucks: -3 });
    expect(result.error?.issues[0]?.message).toBe('validation.nonNegativeNumber');
  });
});

describe('companyEmployeeTotal', () => {
  it('adds office, commercial and drivers', () => {
    const meta = companyMetadataSchema.parse({
      employees: { office: 4, commercial: 10, drivers: 7 },
    });
    expect(companyEmployeeTotal(meta)).toBe(21);
  });

  it('counts a missing number as 0', () => {
    expect(companyEmployeeTotal(companyMetadataSchema.parse({ employees: { drivers: 3 } }))).toBe(
      3,
    );
    expect(companyEmployeeTotal(companyMetadataSchema.parse({}))).toBe(0);
    expect(companyEmployeeTotal(null)).toBe(0);
  });

  it('is the sum of the parts for any valid counts', () => {
    const count = fc.option(fc.nat({ max: 100_000 }), { nil: null });
    fc.assert(
      fc.property(count, count, count, (office, commercial, drivers) => {
        const meta = companyMetadataSchema.parse({ employees: { office, commercial, drivers } });
        expect(companyEmployeeTotal(meta)).toBe((office ?? 0) + (commercial ?? 0) + (drivers ?? 0));
      }),
    );
  });
});

describe('COMPANY_METADATA_LABELS', () => {
  it("'Gewerblich' (blue-collar) is industrial staff in English", () => {
    expect(COMPANY_METADATA_LABELS['employees.commercial']).toEqual({
      de: 'Gewerblich',
      en: 'Industrial staff',
    });
  });
});
