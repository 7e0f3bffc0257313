import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { loadJwtKey } from './jwt-secret.ts';

/**
 * Stored secrets (the partner casinos' wager sync keys) are encrypted at rest with
 * AES-256-GCM. The key is SECRETS_KEY (32 bytes, hex) when configured, else derived with HKDF-SHA256
 * from the JWT secret (JWT_SECRET, or the one generated in DATA_DIR). Each value has its own random
 * 96-bit IV, and the partner id is bound as additional data, so a value copied to another row does
 * not decrypt. Stored form: `enc:v1:` + base64url(iv ‖ tag ‖ ciphertext).
 */

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptError extends Error {}

export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain value; a legacy value stored before encryption (no prefix) is returned as it is. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
};

/** The 32-byte key: SECRETS_KEY, else HKDF from the JWT secret. */
export function secretsKeyOf(config: Pick<Config, 'secretsKey' | 'jwtSecret' | 'dataDir'>): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const jwt = loadJwtKey(config.jwtSecret, config.dataDir);
  return Buffer.from(hkdfSync('sha256', jwt, 'rewards-hub secrets', 'wager sync keys v1', 32));
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret box: the key is 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError('The stored key is damaged.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptError('The saved key cannot be decrypted (SECRETS_KEY or JWT_SECRET changed?); save the key again.');
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
