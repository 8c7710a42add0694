import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/message';
import { validationMessages } from '../messages/validation.messages';
import { measureAuditName, measureSchema } from './measure.schema';
import { validationIssueMessages } from './validation-issue';

const measure = {
  id: 'm1',
  text: 'Calibrate the torque wrench',
  createdDate: '2025-01-01T00:00:00Z',
  autor: 'u1',
};

describe('measureSchema', () => {
  it('defaults to status 1, unassigned, without audit', () => {
    expect(measureSchema.parse(measure)).toMatchObject({
      status: '1',
      assignedTo: [],
      audit_id: null,
      auditRef: null,
      dueDate: null,
    });
  });

  it('accepts 140 characters and rejects 141 with "Max 140 characters"', () => {
    expect(measureSchema.safeParse({ ...measure, text: 'x'.repeat(140) }).success).toBe(true);
    const result = measureSchema.safeParse({ ...measure, text: 'x'.repeat(141) });
    const [message] = validationIssueMessages(result.error!);
    expect(formatMessage(validationMessages, message!, 'en')).toBe('Max 140 characters');
    expect(formatMessage(validationMessages, message!, 'de')).toBe('Maximal 140 Zeichen');
  });

  it('requires a text', () => {
    for (const text of ['', '   ', undefined]) {
      const result = measureSchema.safeParse({ ...measure, text });
      expect(result.error?.issues[0]?.message).toBe('validation.required');
    }
  });
});

describe('measureAuditName', () => {
  const names = new Map([['a1', 'Audit Munich']]);

  it('prefers the stored reference', () => {
    expect(
      measureAuditName({ audit_id: 'a1', auditRef: { id: 'a1', name: 'Stored' } }, names),
    ).toBe('Stored');
  });

  it('looks the audit up when there is no reference', () => {
    expect(measureAuditName({ audit_id: 'a1', auditRef: null }, names)).toBe('Audit Munich');
  });

  it('says the audit is gone when it cannot be found', () => {
    expect(measureAuditName({ audit_id: 'gone', auditRef: null }, names)).toEqual({
      key: 'measure.auditMissing',
    });
  });

  it('has nothing to show for a measure without audit', () => {
    expect(measureAuditName({ audit_id: null, auditRef: null }, names)).toBeNull();
  });
});
