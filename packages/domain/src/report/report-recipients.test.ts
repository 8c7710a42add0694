import { describe, expect, it } from 'vitest';
import { initialReportRecipients, type RecipientCandidate } from './report-recipients';

const people: RecipientCandidate[] = [
  { id: 'resp', displayName: 'Rita Resp', email: 'rita@example.com' },
  { id: 'lead', displayName: 'Lars Lead', email: 'lars@example.com' },
  { id: 'part', displayName: 'Paula Part', email: 'Paula@Example.com' },
  { id: 'nomail', displayName: 'Nora Nomail', email: null },
  { id: 'twin1', displayName: 'Tom Twin', email: 'tom1@example.com' },
  { id: 'twin2', displayName: 'Tom Twin', email: 'tom2@example.com' },
];
const team = {
  responsible: 'resp',
  leadauditor: 'lead',
  audit_participants: ['part', 'nomail', 'resp'],
};
const listed = (distributionList: string) => ({
  ...team,
  additionalReportData: { distributionList },
});

describe('initialReportRecipients', () => {
  it('takes the distribution list by address or unique name and names what it cannot find', () => {
    const list = 'paula@example.com\n Lars Lead \nEinkauf\nNora Nomail\nTom Twin\nrita@example.com';
    expect(initialReportRecipients(listed(list), people, 'me')).toEqual({
      ids: ['part', 'lead', 'resp'],
      unmatched: ['Einkauf', 'Nora Nomail', 'Tom Twin'],
    });
    expect(
      initialReportRecipients(listed('Paula <PAULA@example.com>; x@y.de'), people, 'me'),
    ).toEqual({ ids: ['part'], unmatched: ['x@y.de'] });
  });

  it('never starts with the sender', () => {
    expect(initialReportRecipients(listed('Lars Lead\nRita Resp'), people, 'lead').ids).toEqual([
      'resp',
    ]);
    expect(initialReportRecipients(team, people, 'lead').ids).toEqual(['resp', 'part']);
  });

  it('without a distribution list: responsible, lead auditor and participants with an address', () => {
    expect(initialReportRecipients(team, people, 'me')).toEqual({
      ids: ['resp', 'lead', 'part'],
      unmatched: [],
    });
    expect(initialReportRecipients(listed('  \n '), people, 'me').ids).toEqual([
      'resp',
      'lead',
      'part',
    ]);
    expect(initialReportRecipients(undefined, people, 'me')).toEqual({ ids: [], unmatched: [] });
  });
});
