import { describe, expect, it } from 'vitest';
import { API_TOKEN_MAX_DAYS, apiTokenExpiryDay, parseApiToken } from './api-token.schema';

describe('API tokens', () => {
  const now = new Date('2026-11-26T22:30:00.000Z');

  it('defaults to 90 days and accepts today up to a year ahead (UTC days)', () => {
    expect(apiTokenExpiryDay(undefined, now)).toEqual({ ok: true, day: '2027-02-24' });
    expect(apiTokenExpiryDay('2026-11-26', now)).toEqual({ ok: true, day: '2026-11-26' });
    expect(apiTokenExpiryDay('2027-11-27', now)).toEqual({ ok: true, day: '2027-11-27' });
  });

  it('refuses a day in the past or beyond the longest lifetime', () => {
    for (const day of ['2026-11-25', '2027-11-28']) {
      expect(apiTokenExpiryDay(day, now)).toEqual({
        ok: false,
        message: {
          key: 'apiToken.expiryRange',
          params: { field: 'expiresAt', days: API_TOKEN_MAX_DAYS },
        },
      });
    }
  });

  it('reads only tokens of its own shape', () => {
    const secret = 'a'.repeat(21) + '_' + 'b'.repeat(21);
    expect(parseApiToken(`qat_ABCDEFGHIJKLMNOP_${secret}`)).toEqual({
      id: 'ABCDEFGHIJKLMNOP',
      secret,
    });
    expect(parseApiToken('qat_short_x')).toBeNull();
    expect(parseApiToken('Bearer something')).toBeNull();
  });
});
