import { describe, expect, it } from 'vitest';
import { reportMailUrl } from './report-mail-dialog';

describe('report mail dialog', () => {
  it('posts to the audit’s report mail route', () => {
    expect(reportMailUrl('a 1')).toBe('/api/v1/audits/a%201/report/mail');
  });
});
