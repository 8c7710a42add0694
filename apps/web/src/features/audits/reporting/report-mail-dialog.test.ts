import { describe, expect, it } from 'vitest';
import { initialRecipients, reportMailUrl } from './report-mail-dialog';

describe('report mail dialog', () => {
  const byId = new Map([
    ['resp', { email: 'resp@example.com' }],
    ['lead', { email: 'lead@example.com' }],
    ['nomail', { email: null }],
  ]);

  it('starts with the responsible and the lead auditor who can be mailed, never the sender', () => {
    expect(initialRecipients({ responsible: 'resp', leadauditor: 'lead' }, 'me', byId)).toEqual([
      'resp',
      'lead',
    ]);
    expect(initialRecipients({ responsible: 'resp', leadauditor: 'lead' }, 'lead', byId)).toEqual([
      'resp',
    ]);
    expect(initialRecipients({ responsible: 'nomail', leadauditor: 'gone' }, 'me', byId)).toEqual(
      [],
    );
    expect(initialRecipients(undefined, 'me', byId)).toEqual([]);
  });

  it('posts to the audit’s report mail route', () => {
    expect(reportMailUrl('a 1')).toBe('/api/v1/audits/a%201/report/mail');
  });
});
