import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the wager sync may connect: http or https, no credentials in the URL, never a
 * link-local or metadata address (169.254.0.0/16, fe80::/10; also unspecified, multicast and
 * broadcast), and loopback or private networks only when WAGER_SYNC_ALLOW_PRIVATE is on. Checked
 * when the settings are saved and again at connect time: the request resolves the host through
 * `guardedLookup`, which checks every address it returns and connects to a checked one, so a DNS
 * answer that changes after the save (rebinding) cannot reach a refused address.
 */

const always = new BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata (169.254.169.254)
always.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network"
always.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
always.addAddress('255.255.255.255', 'ipv4');
always.addSubnet('fe80::', 10, 'ipv6'); // link-local
always.addAddress('::', 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6'); // multicast
// Cloud metadata services outside link-local: refused even when WAGER_SYNC_ALLOW_PRIVATE is on, since
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

/** Why an address is refused, or null when it may be reached. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const ip = normalise(address);
  if (!ip) return `${address} is not an IP address.`;
  if (always.check(ip.address, ip.family)) return `The endpoint address ${address} is link-local or a metadata address, which the sync never connects to.`;
  if (!allowPrivate && privateNets.check(ip.address, ip.family)) {
    return `The endpoint address ${address} is on a loopback or private network, which the sync does not connect to (WAGER_SYNC_ALLOW_PRIVATE is off).`;
  }
  return null;
}

/** The URL's own rules (no DNS): scheme, credentials, and an IP-literal host. Null when fine. */
function refusedUrl(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is not a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The endpoint is an http or https URL.';
  if (url.username !== '' || url.password !== '') return 'The endpoint URL must not contain a user name or password; put the key in the key field.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || /^::ffff:/i.test(host)) return refusedAddress(host, allowPrivate);
  return null;
}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * At save time: the URL's rules, then the host's current addresses (when it resolves within 3 s; a
 * host that does not resolve now is still checked at connect time).
 */
export async function checkEndpointForSave(endpoint: string, allowPrivate: boolean, resolver: Resolver = systemResolver): Promise<string | null> {
  const refused = refusedUrl(endpoint, allowPrivate);
  if (refused) return refused;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolver(host).catch(() => [] as LookupAddress[]),
    new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), 3_000);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const a of addresses) {
    const why = refusedAddress(a.address, allowPrivate);
    if (why) return `The endpoint host ${host} resolves to ${a.address}. ${why}`;
  }
  return null;
}

/** A net/tls `lookup` that refuses when any address of the host is refused (and only ever hands out checked ones). */
function guardedLookup(allowPrivate: boolean, resolver: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        for (const a of usable) {
          const why = refusedAddress(a.address, allowPrivate);
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

export class EndpointRefusedError extends Error {}
export class ResponseTooLargeError extends Error {}

/**
 * GET `url` through the guarded lookup (no redirects followed: a 3xx is an HTTP error to the caller),
 * reading at most `maxBytes` of the body. An IP-literal host is checked here, since net skips lookup.
 */
export async function guardedGet(
  url: URL,
  options: { headers: Record<string, string>; signal: AbortSignal; allowPrivate: boolean; maxBytes: number; resolver?: Resolver },
): Promise<{ status: number; body: string }> {
  const refused = refusedUrl(url.toString(), options.allowPrivate);
  if (refused) throw new EndpointRefusedError(refused);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers: options.headers, signal: options.signal, lookup: guardedLookup(options.allowPrivate, options.resolver) },
      (res: IncomingMessage) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          reject(new ResponseTooLargeError());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new ResponseTooLargeError());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRREFUSED') reject(new EndpointRefusedError(error.message));
      else reject(error);
    });
    req.end();
  });
}
