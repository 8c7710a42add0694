import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Answers every address a host name stands for (tests inject one that answers what they need). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * What a webhook may not reach unless WEBHOOK_ALLOWED_HOSTS allows it: this host, the local
 * networks and cloud metadata (169.254.169.254), unspecified, multicast and broadcast addresses.
 * BlockList also matches the IPv4-mapped IPv6 form (::ffff:10.0.0.1) of every IPv4 range.
 */
const INTERNAL_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // unspecified, "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, with the broadcast address 255.255.255.255
  ['::', 96, 'ipv6'], // unspecified, loopback and the deprecated IPv4-compatible form
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'], // deprecated site-local
  ['ff00::', 8, 'ipv6'], // multicast
];

function rangeList(ranges: readonly [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const INTERNAL = rangeList(INTERNAL_RANGES);

const familyName = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** A host name as DNS knows it: labels of letters, digits and hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An address or CIDR of WEBHOOK_ALLOWED_HOSTS, as BlockList takes it; null for a host name. */
function asRange(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)) return null;
  return [address, prefix === undefined ? bits : Number(prefix), family === 4 ? 'ipv4' : 'ipv6'];
}

/** Why an entry of WEBHOOK_ALLOWED_HOSTS is not a host name, an IP address or a CIDR; or null. */
export function allowedHostProblem(entry: string): string | null {
  if (asRange(entry) || HOST_NAME.test(entry)) return null;
  return `expected host names, IP addresses or CIDRs (e.g. erp.example.internal,10.1.0.0/16), not "${entry}"`;
}

/** `URL.hostname` without the brackets of an IPv6 literal, the root dot and capitals. */
export function bareHostname(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The host has no address a webhook may reach (docs/webhooks.md "Which addresses"). */
export class BlockedAddressError extends Error {
  constructor(readonly hostname: string) {
    super(`webhooks may not reach the addresses of ${hostname}`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Decides which addresses a webhook may connect to (decision 79): none of the internal ranges,
 * unless WEBHOOK_ALLOWED_HOSTS names the host or a range holding the address. The deliverer asks
 * after resolving each connection's host and connects to the address it checked, so a name that
 * answered a public address at registration and an internal one later (DNS rebinding) is refused.
 */
export class WebhookAddressGuard {
  private readonly hosts = new Set<string>();
  private readonly ranges = new BlockList();

  constructor(
    allowed: readonly string[],
    private readonly resolver: HostResolver = systemResolver,
  ) {
    for (const entry of allowed) {
      const range = asRange(entry);
      if (range) this.ranges.addSubnet(...range);
      else this.hosts.add(bareHostname(entry));
    }
  }

  /** May a webhook to `hostname` connect to `address`? */
  permits(hostname: string, address: string): boolean {
    if (this.hosts.has(bareHostname(hostname))) return true;
    const family = familyName(address);
    return !INTERNAL.check(address, family) || this.ranges.check(address, family);
  }

  /**
   * The addresses of `hostname` a webhook may connect to, in the resolver's order (an IP literal
   * is its own address). Throws BlockedAddressError when it has addresses but none is allowed,
   * and the resolver's error when the name does not resolve.
   */
  async addresses(hostname: string): Promise<ResolvedAddress[]> {
    const host = bareHostname(hostname);
    const all: ResolvedAddress[] =
      isIP(host) === 0
        ? await this.resolver(host)
        : [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
    const allowed = all.filter((entry) => this.permits(host, entry.address));
    if (allowed.length === 0) throw new BlockedAddressError(host);
    return allowed;
  }
}
