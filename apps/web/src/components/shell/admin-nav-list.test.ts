import { describe, expect, it } from 'vitest';
import { adminSitemap } from './admin-nav-list';

const paths = (roles: string[]) => adminSitemap(roles).map((entry) => entry.to);

describe('adminSitemap', () => {
  it('offers an admin every administration screen', () => {
    expect(paths(['admin'])).toEqual([
      '/users',
      '/configuration',
      '/customerdata',
      '/auditimport',
      '/webhooks',
    ]);
  });

  it('offers a quality manager the customer data only, and a plain auditor nothing', () => {
    expect(paths(['qm'])).toEqual(['/customerdata']);
    expect(paths(['auditor', 'user'])).toEqual([]);
  });
});
