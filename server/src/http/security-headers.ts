import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the client really loads, and nothing more: its own scripts and CSS files (vanilla-extract emits files,
 * never inline styles), the Socket.IO websocket on this origin (CSP3 'self' covers ws/wss to the same host),
 * the favicon as a data: URL, the crop dialog's chosen photo as a blob: URL, and the QR code as plain SVG
 * elements. The database backup is fetched from 'self' and saved through a blob: link with `download`, which is
 * a download, not a navigation or a load, so no directive governs it. No inline script, no eval, no plugins,
 * nothing framed and nothing framing us.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  // blob: is the crop dialog's chosen photo, which cropperjs reads back to honour its EXIF orientation.
  connectSrc: ["'self'", 'blob:'],
  mediaSrc: ["'none'"],
  objectSrc: ["'none'"],
  workerSrc: ["'none'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The headers helmet sets for these options, worked out once: they are the same for every answer (no nonces). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (API, static files, the SPA fallback, errors). HSTS and the upgrade of
 * insecure requests only in production: a browser would otherwise pin https onto http://localhost. Set from one
 * object per answer: @fastify/helmet built a helmet and parsed the policy per request (issue #14's profile).
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: production ? { ...CONTENT_SECURITY_POLICY, upgradeInsecureRequests: [] } : CONTENT_SECURITY_POLICY,
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
