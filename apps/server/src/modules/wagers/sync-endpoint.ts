import { type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressRefusal, guardedLookup, ipLiteralHost, systemResolver, urlRefusal, type Resolver } from '../../lib/outbound-address.ts';

/**
 * Where the wager sync may connect (lib/outbound-address.ts holds the rules): http or https, no
 * credentials in the URL, never a link-local or metadata address, and loopback or private networks
 * only when WAGER_SYNC_ALLOW_PRIVATE is on. Checked when the settings are saved and again at connect
 * time, through the guarded lookup.
 */

/** Why an address is refused, or null when it may be reached. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  switch (addressRefusal(address, allowPrivate)) {
    case 'not-an-ip':
      return `${address} is not an IP address.`;
    case 'link-local-or-metadata':
      return `The endpoint address ${address} is link-local or a metadata address, which the sync never connects to.`;
    case 'private':
      return `The endpoint address ${address} is on a loopback or private network, which the sync does not connect to (WAGER_SYNC_ALLOW_PRIVATE is off).`;
    case null:
      return null;
  }
}

/** The URL's own rules (no DNS): scheme, credentials, and an IP-literal host. Null when fine. */
function refusedUrl(endpoint: string, allowPrivate: boolean): string | null {
  switch (urlRefusal(endpoint)) {
    case 'invalid':
      return 'The endpoint is not a valid URL.';
    case 'scheme':
      return 'The endpoint is an http or https URL.';
    case 'credentials':
      return 'The endpoint URL must not contain a user name or password; put the key in the key field.';
  }
  const ip = ipLiteralHost(endpoint);
  return ip ? refusedAddress(ip, allowPrivate) : null;
}

/**
 * At save time: the URL's rules, then the host's current addresses (when it resolves within 3 s; a
 * host that does not resolve now is still checked at connect time).
 */
export async function checkEndpointForSave(endpoint: string, allowPrivate: boolean, resolver: Resolver = systemResolver): Promise<string | null> {
  const refused = refusedUrl(endpoint, allowPrivate);
  if (refused) return refused;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (ipLiteralHost(endpoint)) return null;
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
      {
        method: 'GET',
        headers: options.headers,
        signal: options.signal,
        lookup: guardedLookup((address) => refusedAddress(address, options.allowPrivate), options.resolver ?? systemResolver),
      },
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
