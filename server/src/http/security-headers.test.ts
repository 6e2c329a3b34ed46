import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

/** HSTS and the https upgrade pin a host to https for a year: only a production server may send them. */
async function headersOf(production: boolean) {
  const app = Fastify();
  registerSecurityHeaders(app, production);
  app.get('/', async () => ({ ok: true }));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers;
}

describe('security headers by environment', () => {
  it('sends HSTS and upgrade-insecure-requests in production', async () => {
    const headers = await headersOf(true);
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('sends neither elsewhere, and the rest of the policy either way', async () => {
    const headers = await headersOf(false);
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
  });
});
