import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../lib/app-error.ts';

/**
 * Where an outgoing webhook may go: http(s) only, no credentials in the URL, never a link-local or
 * cloud metadata address, and loopback or private networks only with WEBHOOKS_ALLOW_PRIVATE. Checked
 * when the endpoint is saved (the host resolved, every address checked) and again at each delivery:
 * the request resolves the host through a lookup that checks what it connects to, so a DNS answer
 * that changes later (rebinding) cannot reach a refused address. Redirects are never followed.
 */

const always = new BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata (169.254.169.254)
always.addSubnet('0.0.0.0', 8, 'ipv4');
always.addSubnet('224.0.0.0', 4, 'ipv4');
always.addAddress('255.255.255.255', 'ipv4');
always.addSubnet('fe80::', 10, 'ipv6');
always.addAddress('::', 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6');
always.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
always.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata

const privateNets = new BlockList();
privateNets.addSubnet('127.0.0.0', 8, 'ipv4');
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4');
privateNets.addSubnet('198.18.0.0', 15, 'ipv4');
privateNets.addAddress('::1', 'ipv6');
privateNets.addSubnet('fc00::', 7, 'ipv6');

function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const ip = mapped ? mapped[1]! : bare;
  const family = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : null;
  if (!family) return `${address} is not an IP address.`;
  if (always.check(ip, family)) return `${address} is a link-local or metadata address.`;
  if (!allowPrivate && privateNets.check(ip, family)) return `${address} is on a loopback or private network (WEBHOOKS_ALLOW_PRIVATE is off).`;
  return null;
}

function refusedUrl(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must be http or https.';
  if (url.username || url.password) return 'The URL must not contain a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? refusedAddress(host, allowPrivate) : null;
}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

const notAllowed = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', `This webhook URL is not allowed: ${why}`);

/** At creation and on a URL change: 400 WEBHOOK_URL_NOT_ALLOWED unless the URL and every address of its host may be reached. */
export async function assertWebhookUrlAllowed(raw: string, allowPrivate: boolean, resolver: Resolver = systemResolver): Promise<void> {
  const why = refusedUrl(raw, allowPrivate);
  if (why) throw notAllowed(why);
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  const addresses = await resolver(host).catch(() => [] as LookupAddress[]);
  if (addresses.length === 0) throw notAllowed(`${host} does not resolve.`);
  for (const a of addresses) {
    const refused = refusedAddress(a.address, allowPrivate);
    if (refused) throw notAllowed(`${host} resolves to ${refused}`);
  }
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    systemResolver(hostname).then(
      (addresses) => {
        const usable = addresses.filter((a) => !options.family || a.family === options.family);
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

export type PostOutcome = { status: number; body: string; error: string | null };

const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * POSTs `body` to `url` once: 10 s timeout, no redirects followed, the address checked at connect.
 * Never throws: a refused address, a timeout or a network error is an outcome with status 0.
 */
export async function guardedPost(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean, timeoutMs = 10_000): Promise<PostOutcome> {
  const why = refusedUrl(url, allowPrivate);
  if (why) return { status: 0, body: '', error: why };
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'RewardsHub-Webhooks/1', ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        lookup: guardedLookup(allowPrivate),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), error: null }));
        res.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
    req.end(body);
  });
}
