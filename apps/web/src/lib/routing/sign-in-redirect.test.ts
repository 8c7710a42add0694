import { describe, expect, it } from 'vitest';
import { buildSignInRedirect, buildSignInReturnPath, safeRedirectTarget } from './sign-in-redirect';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('buildSignInRedirect', () => {
  it('omits the redirect for the root', () => {
    expect(buildSignInRedirect(at('/'))).toBe('/signin');
  });

  it('keeps path, query and hash of the target', () => {
    const url = buildSignInRedirect(at('/audit/1', '?x=1', '#h'));
    expect(url).toBe('/signin?redirect=%2Faudit%2F1%3Fx%3D1%23h');
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe('/audit/1?x=1#h');
  });

  it('keeps a query on the root', () => {
    expect(buildSignInRedirect(at('/', '?admin'))).toBe('/signin?redirect=%2F%3Fadmin');
  });

  it('encodes the target so it survives as one parameter', () => {
    expect(buildSignInRedirect(at('/measures'))).toBe('/signin?redirect=%2Fmeasures');
    const url = buildSignInRedirect(at('/auditmatrix', '?year=2026&a=b', '#top'));
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe(
      '/auditmatrix?year=2026&a=b#top',
    );
  });
});

describe('safeRedirectTarget', () => {
  it('accepts a same-origin path with query and hash', () => {
    expect(safeRedirectTarget('/audit/1?x=1#h')).toBe('/audit/1?x=1#h');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it('refuses protocol-relative and absolute URLs', () => {
    expect(safeRedirectTarget('//evil.com')).toBe('/');
    expect(safeRedirectTarget('//evil.com/path')).toBe('/');
    expect(safeRedirectTarget('/\\evil.com')).toBe('/');
    expect(safeRedirectTarget('https://evil.com')).toBe('/');
    expect(safeRedirectTarget('javascript:alert(1)')).toBe('/');
    expect(safeRedirectTarget('/\t/evil.com')).toBe('/');
  });

  it('falls back to the root without a target, or for the sign-in page itself', () => {
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('')).toBe('/');
    expect(safeRedirectTarget('audit/1')).toBe('/');
    expect(safeRedirectTarget('/signin?redirect=%2F')).toBe('/');
  });
});

describe('buildSignInReturnPath', () => {
  it('keeps the admin view and the target for the way back', () => {
    const path = buildSignInReturnPath({ adminView: true, target: '/templates?x=1#h' });
    expect(path).toBe('/signin?admin&redirect=%2Ftemplates%3Fx%3D1%23h');
    const query = new URLSearchParams(path.split('?')[1]);
    expect(query.has('admin')).toBe(true);
    expect(query.get('redirect')).toBe('/templates?x=1#h');
  });

  it('leaves out what is not there', () => {
    expect(buildSignInReturnPath({ adminView: false, target: '/' })).toBe('/signin');
    expect(buildSignInReturnPath({ adminView: true, target: '/' })).toBe('/signin?admin');
    expect(buildSignInReturnPath({ adminView: false, target: '/measures' })).toBe(
      '/signin?redirect=%2Fmeasures',
    );
  });
});
