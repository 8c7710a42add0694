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
});
