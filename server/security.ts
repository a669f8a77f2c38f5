import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { HttpError } from './http-error';
import { hookRoutes, isApiRoute, takesBody } from './http/route-hooks';

// No inline scripts anywhere; Mantine writes style attributes, hence 'unsafe-inline' for styles only.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Whether the browser reached us over HTTPS: PUBLIC_URL says so, or a trusted proxy does
 * (TRUST_PROXY=true and X-Forwarded-Proto: https; without TRUST_PROXY req.protocol is the socket's).
 */
export function servedOverHttps(req: FastifyRequest, config: Pick<ServerConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:') || req.protocol === 'https';
}

// One year; no includeSubDomains, since the school's other hosts are not ours to pin.
const HSTS = 'max-age=31536000';

// Alike on every answer, so set as one object.
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

// A JSON answer (or its 304) loads nothing and is never framed: the policy OWASP gives for an API
// (with the two directives default-src does not cover), stricter than the shell's and 300 bytes
// shorter on each 5 s poll.
const DATA_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const isData = (type: unknown) => type === undefined || (typeof type === 'string' && type.startsWith('application/json'));

export function installSecurity(fastify: FastifyInstance, config: Pick<ServerConfig, 'publicUrl'>): void {
  // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (servedOverHttps(req, config)) reply.header('Strict-Transport-Security', HSTS);
    reply.headers(EVERY_ANSWER);
    const api = req.url.startsWith('/api/');
    // A stored file brings a stricter policy of its own (files/file-disposition.ts).
    if (!reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', api && isData(reply.getHeader('content-type')) ? DATA_CSP : CSP);
    // API answers are personal: never in a shared cache; the browser revalidates (ETag → 304).
    if (api && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'private, no-cache');
    done(null, payload);
  });

  // XSRF double submit (part 1 §7): when the browser holds the cookie, a call with a body must echo it.
  hookRoutes(
    fastify,
    'preHandler',
    (route) => isApiRoute(route) && takesBody(route),
    async (req) => {
      if (req.method === 'GET' || req.method === 'HEAD') return;
      const cookie = req.cookies?.['XSRF-TOKEN'];
      if (!cookie) return;
      if (req.headers['x-xsrf-token'] !== cookie) {
        throw new HttpError(403, 'De beveiligingscontrole (XSRF) is mislukt. Herlaad de pagina en probeer het opnieuw.');
      }
    },
  );
}

/** A request URL fit for the log: refresh and invitation tokens, download signatures and `token=` values blanked. */
export function redactUrl(url: string): string {
  return url
    .replace(/(refreshToken\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/api\/invitations\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:sig|token)=)[^&#]*/g, '$1[redacted]');
}
