import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { HttpError } from './http-error';

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

export function installSecurity(fastify: FastifyInstance, config: Pick<ServerConfig, 'publicUrl'>): void {
  fastify.addHook('onSend', async (_req, reply, payload) => {
    if (servedOverHttps(_req, config)) reply.header('Strict-Transport-Security', HSTS);
    // A stored file brings a stricter policy of its own (files/file-disposition.ts).
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // API answers are personal: never in a shared cache; the browser revalidates (ETag → 304).
    if (_req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'private, no-cache');
    return payload;
  });

  // XSRF double submit (part 1 §7): when the browser holds the cookie, a non-GET call must echo it.
  fastify.addHook('preHandler', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.url.startsWith('/api/')) return;
    const cookie = req.cookies?.['XSRF-TOKEN'];
    if (!cookie) return;
    if (req.headers['x-xsrf-token'] !== cookie) {
      throw new HttpError(403, 'De beveiligingscontrole (XSRF) is mislukt. Herlaad de pagina en probeer het opnieuw.');
    }
  });
}

/** A request URL fit for the log: refresh and invitation tokens, download signatures and `token=` values blanked. */
export function redactUrl(url: string): string {
  return url
    .replace(/(refreshToken\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/api\/invitations\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:sig|token)=)[^&#]*/g, '$1[redacted]');
}
