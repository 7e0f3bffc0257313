import { createPublicKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    // Connections in the node-postgres pool of each server (DATABASE_URL only).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    APP_ORIGIN: optionalString.pipe(z.url().optional()),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Rewards Hub <no-reply@localhost>'),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    ADMIN_USERNAME: optionalString,
    // Admins need the second factor (TOTP) unless this is 'optional': a stolen admin password alone
    // must not reach points, restrictions or payouts.
    ADMIN_MFA: z.enum(['required', 'optional']).default('required'),
    // base32 TOTP secret preset for ADMIN_EMAIL's account (automated tests, first installs).
    ADMIN_TOTP_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z2-7]{16,}=*$/, 'must be base32 (A-Z, 2-7), at least 16 characters')
        .optional(),
    ),
    DEMO_EMAIL: optionalString.pipe(z.email().optional()),
    DEMO_PASSWORD: optionalString,
    WEB_DIST_DIR: optionalString,
    // Off by default: trusting X-Forwarded-For from anyone would let a client pick its rate-limit IP.
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|[\d.:/a-fA-F, ]+)?$/, 'must be true, false or a comma-separated list of proxy addresses')
      .optional(),
    // Scheduled jobs (raffle draws, idempotency-key purge): seconds between runs; 0 turns them off.
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    // Sample rewards and raffles in an empty catalogue at start (on by default except in tests).
    SEED_CATALOGUE: z.enum(['true', 'false']).optional(),
    // Kick's webhook public key (PEM; literal \n sequences are read as line breaks): it verifies Kick's webhook signatures.
    // Optional: unset, with a Kick app configured, the key is read from Kick (modules/chat/kick/kick-public-key.ts).
    KICK_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .transform((pem) => pem.replaceAll('\\n', '\n'))
        .refine(isRsaPublicKey, 'must be an RSA public key in PEM form')
        .optional(),
    ),
    // The Kick app that connects the channel (OAuth 2.1 with PKCE); both or neither.
    KICK_CLIENT_ID: optionalString,
    KICK_CLIENT_SECRET: optionalString,
    KICK_API_URL: z.url().default('https://api.kick.com'),
    KICK_AUTH_URL: z.url().default('https://id.kick.com'),
    // The Twitch app that connects the channel (OAuth authorization code; an app token by client credentials); both or neither.
    TWITCH_CLIENT_ID: optionalString,
    TWITCH_CLIENT_SECRET: optionalString,
    // The secret Twitch signs EventSub deliveries with (HMAC-SHA256), given to Twitch with each subscription.
    TWITCH_EVENTSUB_SECRET: optionalString.pipe(z.string().min(10, 'must be 10 to 100 characters').max(100, 'must be 10 to 100 characters').optional()),
    TWITCH_API_URL: z.url().default('https://api.twitch.tv'),
    TWITCH_AUTH_URL: z.url().default('https://id.twitch.tv'),
    // The built-in demo wager feed (sample wagers, so races and levels move without a partner's feed): on by default on the embedded PGlite,
    // off on PostgreSQL, in tests, and on a production start (NODE_ENV=production with an APP_ORIGIN that is not localhost).
    DEMO_FEED: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    // 32 bytes (64 hex characters) that encrypt stored secrets (the wager sync keys) with AES-256-GCM;
    // without it the key is derived (HKDF) from the JWT secret.
    SECRETS_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes), e.g. from openssl rand -hex 32')
        .optional(),
    ),
    // The wager sync may reach loopback and private networks (10/8, 172.16/12, 192.168/16, 127/8, ...).
    // Off by default; link-local and metadata addresses (169.254/16, fe80::/10) are refused always.
    WAGER_SYNC_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    // Outgoing webhooks may reach loopback and private addresses (local installs, tests).
    WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !env.ADMIN_EMAIL || env.ADMIN_PASSWORD, {
    message: 'is required when ADMIN_EMAIL is set',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => !env.KICK_CLIENT_ID === !env.KICK_CLIENT_SECRET, {
    message: 'and KICK_CLIENT_SECRET are set together',
    path: ['KICK_CLIENT_ID'],
  })
  .refine((env) => !env.TWITCH_CLIENT_ID === !env.TWITCH_CLIENT_SECRET, {
    message: 'and TWITCH_CLIENT_SECRET are set together',
    path: ['TWITCH_CLIENT_ID'],
  })
  .refine((env) => !env.TWITCH_CLIENT_ID || env.TWITCH_EVENTSUB_SECRET, {
    message: 'is required when TWITCH_CLIENT_ID is set (EventSub deliveries are signed with it)',
    path: ['TWITCH_EVENTSUB_SECRET'],
  })
  .refine((env) => !env.DEMO_EMAIL || env.DEMO_PASSWORD, {
    message: 'is required when DEMO_EMAIL is set',
    path: ['DEMO_PASSWORD'],
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  appOrigin: string;
  jwtSecret: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string; username: string | undefined } | undefined;
  demo: { email: string; password: string } | undefined;
  /** 'required': every admin call needs a session that passed the second factor (403 MFA_REQUIRED). */
  adminMfa: 'required' | 'optional';
  /** Base32 TOTP secret preset for the configured admin (ADMIN_EMAIL), upper case without padding. */
  adminTotpSecret: string | undefined;
  logLevel: string;
  /** The built SPA; default apps/web/dist. */
  webDistDir: string | undefined;
  /** Fastify trustProxy: false, true, or proxy addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Milliseconds between scheduled job runs; 0 = no timer. */
  jobsIntervalMs: number;
  /** Seed the sample catalogue (rewards, raffles) into an empty database at start. */
  seedCatalogue: boolean;
  /** Kick's webhook public key (PEM); unset, it is read from Kick when a Kick app is configured, and without either the Kick webhook answers 404. */
  kickPublicKey: string | undefined;
  /** The Kick app (client id and secret) and Kick's hosts, without a trailing slash. */
  kick: { clientId: string | undefined; clientSecret: string | undefined; apiUrl: string; authUrl: string };
  /** The Twitch app, the EventSub signing secret and Twitch's hosts, without a trailing slash. */
  twitch: { clientId: string | undefined; clientSecret: string | undefined; eventsubSecret: string | undefined; apiUrl: string; authUrl: string };
  /** Feed plausible sample wagers every few minutes (a demo install's living races). */
  demoFeed: boolean;
  /** 32-byte key for stored secrets (AES-256-GCM); undefined = derived from the JWT secret. */
  secretsKey: Buffer | undefined;
  /** The wager sync may reach loopback and private addresses (never link-local/metadata ones). */
  wagerSyncAllowPrivate: boolean;
  /** Outgoing webhooks may reach loopback and private addresses (never link-local/metadata ones). */
  webhooksAllowPrivate: boolean;
};

function isRsaPublicKey(pem: string): boolean {
  try {
    return createPublicKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/** Reads the environment once, at start; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, username: e.ADMIN_USERNAME } : undefined,
    demo: e.DEMO_EMAIL && e.DEMO_PASSWORD ? { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD } : undefined,
    adminMfa: e.ADMIN_MFA,
    adminTotpSecret: e.ADMIN_TOTP_SECRET?.toUpperCase().replace(/=+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jobsIntervalMs: e.JOBS_INTERVAL_SECONDS * 1000,
    seedCatalogue: e.SEED_CATALOGUE ? e.SEED_CATALOGUE === 'true' : e.NODE_ENV !== 'test',
    kickPublicKey: e.KICK_PUBLIC_KEY,
    kick: {
      clientId: e.KICK_CLIENT_ID,
      clientSecret: e.KICK_CLIENT_SECRET,
      apiUrl: e.KICK_API_URL.replace(/\/$/, ''),
      authUrl: e.KICK_AUTH_URL.replace(/\/$/, ''),
    },
    twitch: {
      clientId: e.TWITCH_CLIENT_ID,
      clientSecret: e.TWITCH_CLIENT_SECRET,
      eventsubSecret: e.TWITCH_EVENTSUB_SECRET,
      apiUrl: e.TWITCH_API_URL.replace(/\/$/, ''),
      authUrl: e.TWITCH_AUTH_URL.replace(/\/$/, ''),
    },
    // Sample players must not join a live site's prize races unasked; `npm start` on a fresh checkout (no APP_ORIGIN) keeps the demo.
    demoFeed: e.DEMO_FEED ? e.DEMO_FEED === 'true' : !e.DATABASE_URL && e.NODE_ENV !== 'test' && !isProductionStart(e.NODE_ENV, e.APP_ORIGIN),
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'hex') : undefined,
    wagerSyncAllowPrivate: e.WAGER_SYNC_ALLOW_PRIVATE === 'true',
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** NODE_ENV=production serving an origin other than this machine: a real deployment, not a demo. */
function isProductionStart(nodeEnv: string, appOrigin: string | undefined): boolean {
  if (nodeEnv !== 'production' || !appOrigin) return false;
  const host = new URL(appOrigin).hostname.toLowerCase();
  return !LOCAL_HOSTS.has(host) && !host.endsWith('.localhost');
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
