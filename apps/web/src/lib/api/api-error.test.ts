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

  it('keeps the domain message of a problem+json answer', () => {
    const error = errorFromBody(409, 'Conflict', {
      type: 'urn:quality-audit:problem:conflict',
      code: 'conflict',
      key: 'webhook.tooMany',
      params: { max: 50, nested: { no: 1 } },
      detail: 'At most 50 webhooks are possible',
      error: { code: 'conflict', message: 'too many webhooks' },
    });
    expect([error.code, error.serverMessage]).toEqual(['conflict', 'too many webhooks']);
    expect(error.domainMessage).toEqual({ key: 'webhook.tooMany', params: { max: 50 } });
    expect(errorFromBody(400, 'Bad Request', { error: { code: 'x' } }).domainMessage).toBe(
      undefined,
    );
  });

  it('falls back to the status when the body has no code', () => {
    const error = errorFromBody(429, 'Too Many Requests', undefined);
    expect([error.code, error.serverMessage]).toEqual(['http_429', 'Too Many Requests']);
  });
});
