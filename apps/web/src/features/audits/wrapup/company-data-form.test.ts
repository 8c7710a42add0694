import { describe, expect, it } from 'vitest';
import { companyDataFormOf, companyIssues, companyMetadataOf } from './company-data-form';

describe('the company data form', () => {
  const empty = companyDataFormOf(undefined);

  it('reads typed counts: empty is "not asked", a German comma is a decimal point', () => {
    const metadata = companyMetadataOf({ ...empty, trucks: '12', storageArea: '2500,5' });
    expect(metadata).toMatchObject({ trucks: 12, storageArea: 2500.5, storageLocations: null });
    expect(companyIssues({ ...empty, trucks: '12', storageArea: '2500,5' })).toEqual({});
  });

  it('names the field of each count the domain refuses', () => {
    expect(
      companyIssues({ ...empty, trucks: '-1', office: '2.5', drivers: 'many', storageArea: '-3' }),
    ).toEqual({
      trucks: 'validation.nonNegativeNumber',
      office: 'validation.wholeNumber',
      drivers: 'validation.nonNegativeNumber',
      storageArea: 'validation.nonNegativeNumber',
    });
  });

  it('opens what is stored, leniently', () => {
    expect(
      companyDataFormOf({ transport: true, employees: { drivers: 14 }, inspectionType: 'annual' }),
    ).toMatchObject({ transport: true, drivers: '14', office: '', inspectionType: 'annual' });
  });
});
