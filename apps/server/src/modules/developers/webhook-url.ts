import { type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AppError } from '../../lib/app-error.ts';
import { addressRefusal, guardedLookup, ipLiteralHost, systemResolver, urlRefusal, type Resolver } from '../../lib/outbound-address.ts';

/**
 * Where an outgoing webhook may go (lib/outbound-address.ts holds the rules): http(s) only, no credentials in the URL, never a link-local or
 * cloud metadata address, and loopback or private networks only with WEBHOOKS_ALLOW_PRIVATE. Checked
 * when the endpoint is saved (the host resolved, every address checked) and again at each delivery:
 * the request resolves the host through a lookup that checks what it connects to, so a DNS answer
 * that changes later (rebinding) cannot reach a refused address. Redirects are never followed.
 */

function refusedAddress(address: string, allowPrivate: boolean): string | null {
  switch (addressRefusal(address, allowPrivate)) {
    case 'not-an-ip':
      return `${address} is not an IP address.`;
    case 'link-local-or-metadata':
      return `${address} is a link-local or metadata address.`;
    case 'private':
      return `${address} is on a loopback or private network (WEBHOOKS_ALLOW_PRIVATE is off).`;
    case null:
      return null;
  }
}

function refusedUrl(raw: string, allowPrivate: boolean): string | null {
  switch (urlRefusal(raw)) {
    case 'invalid':
      return 'The URL is not valid.';
    case 'scheme':
      return 'The URL must be http or https.';
    case 'credentials':
      return 'The URL must not contain a user name or password.';
  }
  const ip = ipLiteralHost(raw);
  return ip ? refusedAddress(ip, allowPrivate) : null;
}

const notAllowed = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', `This webhook URL is not allowed: ${why}`);

/** At creation and on a URL change: 400 WEBHOOK_URL_NOT_ALLOWED unless the URL and every address of its host may be reached. */
export async function assertWebhookUrlAllowed(raw: string, allowPrivate: boolean, resolver: Resolver = systemResolver): Promise<void> {
  const why = refusedUrl(raw, allowPrivate);
  if (why) throw notAllowed(why);
  if (ipLiteralHost(raw)) return;
  const host = new URL(raw).hostname;
  const addresses = await resolver(host).catch(() => [] as LookupAddress[]);
  if (addresses.length === 0) throw notAllowed(`${host} does not resolve.`);
  for (const a of addresses) {
    const refused = refusedAddress(a.address, allowPrivate);
    if (refused) throw notAllowed(`${host} resolves to ${refused}`);
  }
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
        lookup: guardedLookup((address) => refusedAddress(address, allowPrivate)),
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
