/**
 * Which Web Push endpoints the server will POST to. A subscription's endpoint comes from the browser,
 * that is from whoever holds a teacher's token, so without this check the server could be made to
 * send requests into its own network (blind SSRF): 127.0.0.1, the cloud metadata address, 10.0.0.0/8.
 *
 * An endpoint must be https on port 443, name a host of a known push service (PUSH_HOSTS, README),
 * and that host must resolve only to public addresses. It is checked when subscribing and again
 * before every send, because DNS can change in between; the send does not follow redirects.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The push services of Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export interface PushPolicy {
  /** Host names, `*.example.com` for any subdomain, or `*` for any public host. */
  hosts: readonly string[];
  resolve: ResolveHost;
}

/** Addresses no push service has: loopback, private, link-local, CGNAT, multicast, documentation, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped addresses (::ffff:a.b.c.d) BlockList checks against the IPv4 rules itself (a rule
  // for ::ffff:0:0/96 would match every IPv4 address). NAT64, 6to4 and Teredo carry an IPv4
  // address we would not see: refused outright.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p === '*') return true;
    if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
    return host === p;
  });
}

/** Refused, with the Dutch reason the subscriber reads. */
export class EndpointRefused extends Error {}

/** The endpoint as it will be stored and sent to; throws EndpointRefused. */
export async function checkPushEndpoint(raw: string, policy: PushPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('Dit is geen geldig push-adres.');
  }
  if (url.protocol !== 'https:') throw new EndpointRefused('Dit is geen geldig push-adres (https verwacht).');
  if (url.username || url.password || (url.port !== '' && url.port !== '443')) {
    throw new EndpointRefused('Dit push-adres hoort niet bij een bekende push-dienst.');
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // The URL parser writes every IP form (decimal, hex, [::1]) as a plain address.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) throw new EndpointRefused('Een push-adres met een IP-adres wordt niet geaccepteerd.');
  if (!hostAllowed(host, policy.hosts)) throw new EndpointRefused('Dit push-adres hoort niet bij een bekende push-dienst.');
  let addresses: string[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    throw new EndpointRefused('De push-dienst van dit adres is niet te vinden.');
  }
  if (addresses.length === 0) throw new EndpointRefused('De push-dienst van dit adres is niet te vinden.');
  if (!addresses.every(isPublicAddress))
    throw new EndpointRefused('Dit push-adres wijst naar een intern netwerkadres en wordt niet geaccepteerd.');
  return url;
}

/** PUSH_HOSTS: a comma-separated list; unset means the known services. */
export function pushHostsFrom(env: string | undefined): string[] {
  const list = (env ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return list.length > 0 ? list : DEFAULT_PUSH_HOSTS;
}
