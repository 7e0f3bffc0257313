import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may connect when an admin gives it a URL (the wager sync's endpoint, an outgoing
 * webhook): http or https, no credentials in the URL, never a link-local or metadata address
 * (169.254.0.0/16, fe80::/10; also unspecified, multicast and broadcast), and loopback or private
 * networks only when the caller's flag allows them. Each caller words its own refusals; the rules are
 * here once. The lookup below checks every address a host resolves to at connect time, so a DNS answer
 * that changes after the URL was saved (rebinding) cannot reach a refused address.
 */

const always = new BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata (169.254.169.254)
always.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network"
always.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
always.addAddress('255.255.255.255', 'ipv4');
always.addSubnet('fe80::', 10, 'ipv6'); // link-local
always.addAddress('::', 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6'); // multicast
// Cloud metadata services outside link-local: refused even when private networks are allowed, since
// their networks (unique local, carrier-grade NAT) are otherwise allowed by the flag.
always.addAddress('fd00:ec2::254', 'ipv6'); // AWS (IPv6 instance metadata)
always.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud

const privateNets = new BlockList();
privateNets.addSubnet('127.0.0.0', 8, 'ipv4');
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
privateNets.addSubnet('198.18.0.0', 15, 'ipv4'); // benchmarking
privateNets.addAddress('::1', 'ipv6');
privateNets.addSubnet('fc00::', 7, 'ipv6'); // unique local

/** ::ffff:a.b.c.d is a.b.c.d. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const kind = isIP(bare);
  if (kind === 4) return { address: bare, family: 'ipv4' };
  if (kind === 6) return { address: bare, family: 'ipv6' };
  return null;
}

export type AddressRefusal = 'not-an-ip' | 'link-local-or-metadata' | 'private';

/** Why an address may not be reached, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): AddressRefusal | null {
  const ip = normalise(address);
  if (!ip) return 'not-an-ip';
  if (always.check(ip.address, ip.family)) return 'link-local-or-metadata';
  if (!allowPrivate && privateNets.check(ip.address, ip.family)) return 'private';
  return null;
}

export type UrlRefusal = 'invalid' | 'scheme' | 'credentials';

/** The URL's own rules (no DNS): a URL, http or https, no user name or password. */
export function urlRefusal(raw: string): UrlRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

/** The URL's host as an IP literal (brackets off, `::ffff:` forms included), or null for a name. */
export function ipLiteralHost(raw: string): string | null {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) || /^::ffff:/i.test(host) ? host : null;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * A net/tls `lookup` that refuses when any address of the host is refused (`explain` says why, in the
 * caller's words, or null) and only ever hands out checked addresses.
 */
export function guardedLookup(explain: (address: string) => string | null, resolver: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        for (const a of usable) {
          const why = explain(a.address);
          if (why) return callback(Object.assign(new Error(why), { code: 'EADDRREFUSED' }));
        }
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}
