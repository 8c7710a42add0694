import { describe, expect, it } from 'vitest';
import { auditSupplierOf, filledSupplierFields, supplierSummary } from './audit-supplier';

describe('audit supplier identity', () => {
  const audit = {
    audit_reason: ' Reklamation 2026-114 ',
    metadata: {
      supplier: { name: 'Muster Guss GmbH', location: 'Ulm', no: '4711' },
      material: { group: 'Gussteile', id: 'MG-12' },
    },
  };

  it('reads supplier, material and reason, trimmed, and lists the filled ones in order', () => {
    const identity = auditSupplierOf(audit);
    expect(identity).toEqual({
      name: 'Muster Guss GmbH',
      location: 'Ulm',
      no: '4711',
      materialGroup: 'Gussteile',
      materialId: 'MG-12',
      reason: 'Reklamation 2026-114',
    });
    expect(filledSupplierFields({ ...identity, location: '', materialId: '' })).toEqual([
      ['name', 'Muster Guss GmbH'],
      ['no', '4711'],
      ['materialGroup', 'Gussteile'],
      ['reason', 'Reklamation 2026-114'],
    ]);
  });

  it('reads an audit stored without or with broken metadata as empty, keeping the reason', () => {
    expect(filledSupplierFields(auditSupplierOf({}))).toEqual([]);
    expect(filledSupplierFields(auditSupplierOf(undefined))).toEqual([]);
    expect(auditSupplierOf({ metadata: { supplier: { name: 'A' } } }).name).toBe('A');
    expect(
      auditSupplierOf({ audit_reason: 'Erstbemusterung', metadata: { supplier: 42 } }),
    ).toMatchObject({ name: '', reason: 'Erstbemusterung' });
  });

  it('sums the supplier up in one line for a list column', () => {
    const identity = auditSupplierOf(audit);
    expect(supplierSummary(identity)).toBe('Muster Guss GmbH, Ulm (4711)');
    expect(supplierSummary({ ...identity, location: '' })).toBe('Muster Guss GmbH (4711)');
    expect(supplierSummary({ ...identity, name: '', location: '' })).toBe('4711');
    expect(supplierSummary({ ...identity, no: '' })).toBe('Muster Guss GmbH, Ulm');
    expect(supplierSummary(auditSupplierOf({}))).toBe('');
  });
});
