import { describe, expect, it } from 'vitest';
import { BUILD_CLIENT_CONFIG, parseClientConfig } from './client-config';

describe('parseClientConfig', () => {
  it('reads the documented shape', () => {
    const config = parseClientConfig({
      project: 'quality-audit',
      version: '0.6.2',
      build: 'abc123',
      reloadEnabled: true,
      enterpriseLogin: [{ providerId: 'enterprise', label: 'Company login' }],
      socialLogin: [{ providerId: 'google', label: 'Google' }],
    });
    expect(config.build).toBe('abc123');
    expect(config.reloadEnabled).toBe(true);
    expect(config.enterpriseLogin).toEqual([{ providerId: 'enterprise', label: 'Company login' }]);
  });

  it('keeps build-time values for missing or malformed fields', () => {
    const config = parseClientConfig({ version: 7, socialLogin: [{ label: 'no id' }, 'x'] });
    expect(config.version).toBe(BUILD_CLIENT_CONFIG.version);
    expect(config.socialLogin).toEqual([]);
    expect(config.reloadEnabled).toBe(false);
    expect(parseClientConfig(null)).toEqual(BUILD_CLIENT_CONFIG);
  });

  it('keeps a missing label as null, so the page shows its translated default', () => {
    const config = parseClientConfig({
      enterpriseLogin: [{ providerId: 'enterprise', label: null }],
      socialLogin: [{ providerId: 'google' }, { providerId: 'ms', label: '' }],
    });
    expect(config.enterpriseLogin).toEqual([{ providerId: 'enterprise', label: null }]);
    expect(config.socialLogin).toEqual([
      { providerId: 'google', label: null },
      { providerId: 'ms', label: null },
    ]);
  });
});
