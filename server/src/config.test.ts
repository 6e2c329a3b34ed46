import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, trustProxyOf } from './config.ts';

const strongSecret = randomBytes(32).toString('hex');
const production = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/x', SMTP_URL: 'smtp://mail' };

/** Every value the repository's own documents show for JWT_SECRET, defaults inside `${JWT_SECRET:-…}` included. */
function publishedSecrets(): string[] {
  const docs = readdirSync(new URL('../../docs/', import.meta.url)).map((name) => `docs/${name}`);
  const documents = ['README.md', '.env.example', 'docker-compose.yml', 'Dockerfile', ...docs].map((name) =>
    readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8'),
  );
  const lines = documents.flatMap((text) => text.split('\n')).filter((line) => line.includes('JWT_SECRET'));
  return lines.flatMap((line) => line.match(/[\w-]{16,}/g) ?? []).filter((token) => token !== 'JWT_SECRET');
}

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
    expect(loadEnv({ ...production, JWT_SECRET: strongSecret }).NODE_ENV).toBe('production');
  });

  it('refuses in production every secret the repository publishes, and weak ones (hole 4)', () => {
    const published = [...publishedSecrets(), 'change-me-to-a-long-random-secret-of-64-chars-0123456789abcdef'];
    for (const secret of published) {
      expect(() => loadEnv({ ...production, JWT_SECRET: secret }), secret).toThrow(/JWT_SECRET/);
    }
    expect(() => loadEnv({ ...production, JWT_SECRET: 'a'.repeat(48) })).toThrow(/JWT_SECRET/);
  });

  it('trusts a proxy only by hop count or address, never any client-written X-Forwarded-For (hole 6)', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(trustProxyOf(loadEnv({}).TRUST_PROXY)).toBe(false);
    const oneHop = trustProxyOf(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY) as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.2', 0), oneHop('203.0.113.9', 1)]).toEqual([true, false]);
    expect(trustProxyOf(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY)).toBe('10.0.0.0/8,127.0.0.1');
  });
});
