import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { authErrorFromCode, describeAuthError } from './auth-error';

describe('describeAuthError', () => {
  it('translates known codes, whatever the status', () => {
    expect(describeAuthError(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x')).messageKey).toBe(
      'auth.errors.invalidCredentials',
    );
    expect(describeAuthError(new ApiError(403, 'NO_PERSON_RECORD', 'x')).messageKey).toBe(
      'auth.errors.noPersonRecord',
    );
    expect(describeAuthError(new ApiError(400, 'INVALID_TOKEN', 'x')).messageKey).toBe(
      'auth.errors.invalidToken',
    );
  });

  it('any 429 is the rate limit', () => {
    expect(describeAuthError(new ApiError(429, 'http_429', 'Too many')).messageKey).toBe(
      'auth.errors.rateLimited',
    );
  });

  it('no answer is a network problem', () => {
    expect(describeAuthError(new NetworkError(new TypeError('Failed to fetch'))).messageKey).toBe(
      'errors.network',
    );
  });

  it("an unknown code keeps the server's message", () => {
    expect(describeAuthError(new ApiError(500, 'internal', 'Database is locked'))).toEqual({
      messageKey: 'auth.errors.unknown',
      detail: 'Database is locked',
    });
  });

  it('reads codes from URLs in any case', () => {
    expect(authErrorFromCode('no_person_record').messageKey).toBe('auth.errors.noPersonRecord');
    expect(authErrorFromCode('INVALID_TOKEN').messageKey).toBe('auth.errors.invalidToken');
    expect(authErrorFromCode('weird')).toEqual({
      messageKey: 'auth.errors.unknown',
      detail: 'weird',
    });
  });
});
