import type { DatabaseBackend } from '@enclave/protocol';
import Type from 'typebox';
import Value from 'typebox/value';

const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

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
  TRUST_PROXY: Type.Boolean({ default: false }),
  PAYMENT_PROVIDER: Type.Union([Type.Literal('self-custody'), Type.Literal('nowpayments')], {
    default: 'self-custody',
  }),
  NOWPAYMENTS_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.nowpayments.io' }),
  NOWPAYMENTS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  NOWPAYMENTS_IPN_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  SELF_CUSTODY_RATES: Type.Optional(Type.String()),
  VISITOR_CACHE_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1000 }),
});
export type EnvConfig = Type.Static<typeof EnvSchema>;

export interface AppConfig extends EnvConfig {
  database: { uri: string; backend: DatabaseBackend };
}

export class ConfigError extends Error {}

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
  if (config.NODE_ENV === 'production') {
    const missing = [
      !config.MONGODB_URI && 'MONGODB_URI is required in production',
      (config.JWT_SECRET === DEV_JWT_SECRET || config.JWT_SECRET.length < 32) &&
        'JWT_SECRET must be a random secret of at least 32 characters in production',
      !config.SMTP_URL && 'SMTP_URL is required in production (verification codes are sent by email)',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Refusing to start:\n  ${missing.join('\n  ')}`);
  }
  return config;
}
