import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseBackend } from '@enclave/protocol';
import Type from 'typebox';
import Value from 'typebox/value';

const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

/** Secrets this repository has ever shown (the development default, an old compose example): never in production. */
const PUBLISHED_SECRETS = new Set([DEV_JWT_SECRET, 'change-me-to-a-long-random-secret-of-64-chars-0123456789abcdef']);

/** A production secret: long, not published, not a placeholder, and not one character repeated. */
function isStrongSecret(secret: string): boolean {
  return (
    secret.length >= 32 &&
    !PUBLISHED_SECRETS.has(secret) &&
    !/change-?me|example|placeholder|do-not-use|secret/i.test(secret) &&
    new Set(secret).size >= 10
  );
}

/** Fastify's `trustProxy` from TRUST_PROXY: off, the nearest `n` hops, or the proxies' addresses and ranges. */
export function trustProxyOf(value: string): false | string | ((address: string, hop: number) => boolean) {
  if (value === 'false') return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** Every environment variable the server reads. `.env.example` documents each one. */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    { default: 'info' },
  ),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  MONGODB_URI: Type.Optional(Type.String({ pattern: '^mongodb(\\+srv)?://' })),
  DATA_DIR: Type.String({ default: '.data' }),
  JWT_SECRET: Type.String({ minLength: 16, default: DEV_JWT_SECRET }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Enclave <no-reply@enclave.local>' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  CLIENT_DIST: Type.Optional(Type.String()),
  REQUIRE_EMAIL_VERIFICATION: Type.Boolean({ default: true }),
  /**
   * Which proxies' X-Forwarded-For to believe: `false`, a hop count (`1` behind one nginx), or addresses and
   * ranges (`10.0.0.0/8,127.0.0.1`). Never `true`: that would believe whatever a client writes.
   */
  TRUST_PROXY: Type.String({ default: 'false', pattern: '^(false|[0-9]{1,2}|[A-Za-z0-9:./]+(,[A-Za-z0-9:./]+)*)$' }),
  /** How often a process looks for notification digests due (ms); 0 turns it off (tests drive their own clock). */
  NOTIFICATION_DIGEST_CHECK_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  /** How often a process looks for mutes that have run out, to tell their members (ms); 0 turns it off. */
  MUTE_END_CHECK_MS: Type.Integer({ minimum: 0, default: 30_000 }),
  /**
   * How often the forum index's snapshot is written while threads change (ms; a start reads it and the changes journaled
   * since, not every thread); also written after a full load. 0: never written by this process (a snapshot another
   * wrote is still read at start).
   */
  FORUM_SNAPSHOT_MS: Type.Integer({ minimum: 0, default: 300_000 }),
  PAYMENT_PROVIDER: Type.Union([Type.Literal('self-custody'), Type.Literal('nowpayments')], {
    default: 'self-custody',
  }),
  NOWPAYMENTS_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.nowpayments.io' }),
  NOWPAYMENTS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  NOWPAYMENTS_IPN_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  SELF_CUSTODY_RATES: Type.Optional(Type.String()),
  /**
   * How often each process looks for group buys past their deadline (sooner when it knows one is near). 0 turns
   * the timer off, leaving only the start-up sweep: for tests that sweep themselves.
   */
  GROUP_BUY_SWEEP_MS: Type.Integer({ minimum: 0, maximum: 3_600_000, default: 10_000 }),
  /**
   * Hours between scheduled backups to DATA_DIR/backups (one process writes each); 0 turns them off. Unset: 24 in
   * production, off elsewhere.
   */
  BACKUP_INTERVAL_HOURS: Type.Optional(Type.Number({ minimum: 0, maximum: 24 * 30 })),
  /** How many scheduled backups are kept (the newest). */
  BACKUP_KEEP: Type.Integer({ minimum: 1, maximum: 1000, default: 7 }),
  /** Turns on GET /metrics (Prometheus), answered only to `Authorization: Bearer <token>`; unset, it is a 404. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** Moderators and admins must have a second factor before any staff route opens; default: on in production. */
  STAFF_REQUIRE_2FA: Type.Optional(Type.Boolean()),
});
export type EnvConfig = Type.Static<typeof EnvSchema>;

export interface AppConfig extends EnvConfig {
  database: { uri: string; backend: DatabaseBackend };
}

export class ConfigError extends Error {}

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

/** DATA_DIR, relative to the repository: where the embedded database, backups and the admin socket live. */
export const dataDirOf = (env: Pick<EnvConfig, 'DATA_DIR'>) => resolve(repoRoot, env.DATA_DIR);

/** Parses the environment; a wrong value stops start-up with a message naming the variable. */
export function loadEnv(env: Record<string, string | undefined> = process.env): EnvConfig {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const value = Value.Default(EnvSchema, Value.Convert(EnvSchema, known));
  const errors = Value.Errors(EnvSchema, value);
  if (errors.length > 0) {
    const problems = errors.map((error) => {
      const name = error.instancePath.replace(/^\//, '') || 'environment';
      return `${name}: ${error.message} (got ${JSON.stringify(known[name] ?? null)})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
  const config = value as EnvConfig;
  config.BACKUP_INTERVAL_HOURS ??= config.NODE_ENV === 'production' ? 24 : 0;
  config.STAFF_REQUIRE_2FA ??= config.NODE_ENV === 'production';
  if (config.TRUST_PROXY === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: true would believe any client-written X-Forwarded-For; give the number of proxies in front (1 behind one nginx) or their addresses',
    );
  }
  if (config.NODE_ENV === 'production') {
    const missing = [
      !config.MONGODB_URI && 'MONGODB_URI is required in production',
      !isStrongSecret(config.JWT_SECRET) &&
        'JWT_SECRET must be a random secret of at least 32 characters in production (openssl rand -hex 32); published and placeholder values are refused',
      !config.SMTP_URL && 'SMTP_URL is required in production (verification codes are sent by email)',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Refusing to start:\n  ${missing.join('\n  ')}`);
  }
  return config;
}
