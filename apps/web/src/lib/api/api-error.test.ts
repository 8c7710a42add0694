import { describe, expect, it } from 'vitest';
import { errorFromBody } from './api-error';

describe('errorFromBody', () => {
  it('reads our own error shape', () => {
    const error = errorFromBody(401, 'Unauthorized', {
      error: { code: 'unauthenticated', message: 'Sign in first' },
    });
    expect([error.status, error.code, error.serverMessage]).toEqual([
      401,
      'unauthenticated',
      'Sign in first',
    ]);
  });

  it("reads better-auth's flat shape", () => {
    const error = errorFromBody(401, 'Unauthorized', {
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('falls back to the status when the body has no code', () => {
    const error = errorFromBody(429, 'Too Many Requests', undefined);
    expect([error.code, error.serverMessage]).toEqual(['http_429', 'Too Many Requests']);
  });
});
