import { describe, expect, it } from 'vitest';
import { listIdOfField, listNames } from './customer-lists';

describe('customer lists offered in fields', () => {
  it('match a field by its name without separators', () => {
    expect(listIdOfField('error_code')).toBe('errorcode');
    expect(listIdOfField('supplier_name')).toBe('suppliername');
  });

  it('offer the names of a list, leniently', () => {
    expect(
      listNames({ data: [{ id: 'a', name: 'Bosch' }, { id: 'b' }, 'junk', { id: 'c', name: 7 }] }),
    ).toEqual(['Bosch', '7']);
    expect(listNames(undefined)).toEqual([]);
    expect(listNames({ data: 'none' })).toEqual([]);
  });
});
