import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './config.ts';

const strongSecret = 'a'.repeat(48);

describe('configuration from the environment', () => {
  it('applies defaults', () => {
    const config = loadEnv({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, PAYMENT_PROVIDER: 'self-custody' });
  });

  it('converts numbers and booleans', () => {
    expect(loadEnv({ PORT: '8080', REQUIRE_EMAIL_VERIFICATION: 'false' })).toMatchObject({
      PORT: 8080,
      REQUIRE_EMAIL_VERIFICATION: false,
    });
  });

  it('stops with a message naming the wrong variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ MONGODB_URI: 'postgres://x' })).toThrow(/MONGODB_URI/);
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses production without a database, a strong secret and SMTP', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/MONGODB_URI[\s\S]*JWT_SECRET[\s\S]*SMTP_URL/);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        MONGODB_URI: 'mongodb://db/x',
        SMTP_URL: 'smtp://mail',
        JWT_SECRET: 'short-but-16-chars',
      }),
    ).toThrow(/JWT_SECRET/);
    expect(
      loadEnv({
        NODE_ENV: 'production',
        MONGODB_URI: 'mongodb://db/x',
        SMTP_URL: 'smtp://mail',
        JWT_SECRET: strongSecret,
      }).NODE_ENV,
    ).toBe('production');
  });
});
