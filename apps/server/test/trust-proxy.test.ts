import { describe, expect, it } from 'vitest';
import { isPrivateAddress, trustHops, trustProxyOption } from '../src/http/trust-proxy';

describe('TRUST_PROXY as a number of proxies', () => {
  it('trusts that many hops, the first only from a proxy-like address', () => {
    const one = trustHops(1);
    expect(one('127.0.0.1', 0)).toBe(true);
    expect(one('::ffff:10.1.2.3', 0)).toBe(true);
    expect(one('203.0.113.9', 1)).toBe(false);
    // A client reaching the server directly from the internet is never believed.
    expect(one('198.51.100.7', 0)).toBe(false);

    const two = trustHops(2);
    expect(two('172.20.0.2', 0)).toBe(true);
    expect(two('198.51.100.7', 1)).toBe(true);
    expect(two('203.0.113.9', 2)).toBe(false);
  });

  it('knows loopback, private and link-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '172.31.255.1',
      '192.168.1.1',
      'fd00::1',
      'fe80::1',
      '169.254.1.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('passes the other forms to Fastify as they are', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(true)).toBe(true);
    expect(trustProxyOption('10.0.0.5,172.16.0.0/12')).toBe('10.0.0.5,172.16.0.0/12');
    expect(typeof trustProxyOption(1)).toBe('function');
  });
});
