import { BlockList, isIPv4 } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config/env';

type TrustProxyOption = NonNullable<FastifyServerOptions['trustProxy']>;

/** Loopback, private and link-local ranges: where a reverse proxy in front of us lives. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  const plain = mapped && isIPv4(mapped) ? mapped : address;
  return PRIVATE_NETWORKS.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

/**
 * Trusts `hops` proxies: the client address is the X-Forwarded-For entry that many hops from
 * the right, whatever the client put in front of it. Fastify itself no longer takes a number
 * for trustProxy (5.12 treats it as "trust nothing"): a client that reaches the server directly
 * could send the hops itself. So the nearest hop (the connection itself) must come from a
 * loopback, private or link-local address, as a reverse proxy's does; a direct client from
 * anywhere else is never believed.
 */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}

/** TRUST_PROXY as Fastify's trustProxy option. */
export function trustProxyOption(trustProxy: TrustProxy): TrustProxyOption {
  return typeof trustProxy === 'number' ? trustHops(trustProxy) : trustProxy;
}
