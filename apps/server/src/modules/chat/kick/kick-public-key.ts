import { createPublicKey, type KeyObject } from 'node:crypto';
import { AppError } from '../../../lib/app-error.ts';
import { fetchKickPublicKey } from './kick-client.ts';

/**
 * The key that verifies Kick's webhook signatures. KICK_PUBLIC_KEY, when set, is the key for good.
 * Unset, the key is read from Kick (GET /public/v1/public-key on KICK_API_URL) at the first
 * delivery and kept; when a signature fails it is read once more, so a key Kick rotated needs no
 * restart. That second read is at most once a minute: forged deliveries cannot make every request
 * call Kick. Each server keeps its own copy (public data, nothing to share).
 */

const REREAD_AFTER_MS = 60_000;

export type KickKeySource = {
  /** The key to verify with; null when Kick is not configured on this server (the webhook answers 404). */
  current: (now: Date) => Promise<KeyObject | null>;
  /** After a signature failed: Kick's key read again, or null when it cannot have changed (set in the environment, read under a minute ago, or the same key). */
  reread: (now: Date) => Promise<KeyObject | null>;
};

type KickKeyOptions = {
  /** KICK_PUBLIC_KEY (PEM), if set. */
  pem: string | undefined;
  /** Whether a Kick app is configured (KICK_CLIENT_ID): without one, and without a PEM, nothing is read. */
  isConfigured: boolean;
  apiUrl: string;
  /** Reads the PEM from Kick (tests may pass their own). */
  fetchPem?: (apiUrl: string) => Promise<string>;
};

function parsePem(pem: string): KeyObject {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'rsa') return key;
  } catch {
    // fall through: the same refusal as an unusable answer
  }
  throw new AppError('KICK_UNAVAILABLE', 'Kick did not answer with an RSA public key.', { extra: { kickStatus: null } });
}

export function kickKeySource(options: KickKeyOptions): KickKeySource {
  if (options.pem) {
    const fixed = createPublicKey(options.pem);
    return { current: async () => fixed, reread: async () => null };
  }
  if (!options.isConfigured) return { current: async () => null, reread: async () => null };

  const fetchPem = options.fetchPem ?? fetchKickPublicKey;
  let kept: { pem: string; key: KeyObject } | null = null;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  // One read in flight at a time: concurrent deliveries share it.
  let reading: Promise<{ pem: string; key: KeyObject }> | null = null;

  function read(now: Date) {
    lastReadAt = now.getTime();
    reading ??= fetchPem(options.apiUrl)
      .then((pem) => ({ pem, key: parsePem(pem) }))
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    async current(now) {
      // Kick unreachable: the delivery is answered 502 and Kick sends it again later.
      kept ??= await read(now);
      return kept.key;
    },
    async reread(now) {
      if (now.getTime() - lastReadAt < REREAD_AFTER_MS) return null;
      const before = kept;
      try {
        kept = await read(now);
      } catch {
        // Kick unreachable now: the kept key stays, and the signature's refusal stands.
        return null;
      }
      return before && before.pem.trim() === kept.pem.trim() ? null : kept.key;
    },
  };
}
