import { describe, expect, it } from 'vitest';
import {
  allowedHostProblem,
  BlockedAddressError,
  WebhookAddressGuard,
  type ResolvedAddress,
} from './webhook-address-guard';

/** A resolver that answers `answer` for every name (a DNS server under someone else's control). */
const answering =
  (...answer: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('WebhookAddressGuard', () => {
  const guard = new WebhookAddressGuard([]);

  it('refuses loopback, link-local, private, CGNAT, unspecified, multicast and broadcast', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.178.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00::5',
      'fc00::1',
      'ff02::1',
      // IPv4-mapped and IPv4-compatible IPv6 forms of internal IPv4 addresses
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
    ]) {
      expect(guard.permits('x.example', address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '172.32.0.1', '100.128.0.1', '2a00:1450::1']) {
      expect(guard.permits('x.example', address), address).toBe(true);
    }
    expect(guard.permits('x.example', '::ffff:93.184.215.14')).toBe(true);
  });

  it('checks what the resolver answers: only internal addresses are refused, mixed ones filtered', async () => {
    await expect(
      new WebhookAddressGuard([], answering('10.0.0.5')).addresses('erp.example.com'),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(
      new WebhookAddressGuard([], answering('::ffff:169.254.169.254')).addresses('meta.example'),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    expect(
      await new WebhookAddressGuard([], answering('192.168.0.2', '203.0.113.7')).addresses(
        'mixed.example',
      ),
    ).toEqual([{ address: '203.0.113.7', family: 4 }]);
    // An IP literal is not resolved; brackets of an IPv6 URL host are dropped.
    const never = new WebhookAddressGuard([], () => Promise.reject(new Error('resolved')));
    await expect(never.addresses('[::1]')).rejects.toBeInstanceOf(BlockedAddressError);
    expect(await never.addresses('[2a00:1450::1]')).toEqual([
      { address: '2a00:1450::1', family: 6 },
    ]);
  });

  it('WEBHOOK_ALLOWED_HOSTS allows host names (any address) and ranges (any name)', async () => {
    const allowed = new WebhookAddressGuard(
      ['ERP.intern.example', '10.20.0.0/16', '192.168.1.9', 'fd12::/16'],
      answering('10.99.0.1'),
    );
    expect(await allowed.addresses('erp.intern.example.')).toEqual([
      { address: '10.99.0.1', family: 4 },
    ]);
    await expect(allowed.addresses('other.intern.example')).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    expect(allowed.permits('any.example', '10.20.3.4')).toBe(true);
    expect(allowed.permits('any.example', '::ffff:10.20.3.4')).toBe(true);
    expect(allowed.permits('any.example', '192.168.1.9')).toBe(true);
    expect(allowed.permits('any.example', '192.168.1.10')).toBe(false);
    expect(allowed.permits('any.example', 'fd12::1')).toBe(true);
    expect(allowed.permits('any.example', 'fd13::1')).toBe(false);
  });

  it('names the bad entries of WEBHOOK_ALLOWED_HOSTS', () => {
    for (const good of ['erp.example', 'localhost', '10.0.0.0/8', '::1', 'fd00::/8', '127.0.0.1']) {
      expect(allowedHostProblem(good), good).toBeNull();
    }
    for (const bad of [
      '10.0.0.0/33',
      'http://erp',
      'erp.example:8080',
      '*.example',
      '1.2.3.4/8/1',
    ]) {
      expect(allowedHostProblem(bad), bad).toContain(bad);
    }
  });
});
