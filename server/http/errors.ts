import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../src/api/endpoint';
import { HttpError, TooManyRequests } from '../http-error';
import { dutchValidationMessage } from './input-numbers';

export function errorBody(err: HttpError): ApiError & Record<string, unknown> {
  return { error: { message: err.message, ...(err.errors ? { errors: err.errors } : {}) }, ...(err.extra ?? {}) };
}

// Connection-level failures of either engine: the database is away, not the request at fault.
const UNAVAILABLE =
  /ECONNREFUSED|ECONNRESET|terminating connection|Connection terminated|57P01|57P03|08006|08001|not queryable|PGlite is closed/;
// The disk (or quota) of the blob store is full: nothing was stored, a later try may succeed.
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
// Text PostgreSQL cannot store (a NUL character, 0x00): the request is at fault, not the server.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
// A number too large for its column (22003) or an interval out of range (22008, 22015): a last line
// behind the schemas' maxima, so a number they missed is the request's fault, not a 500.
const OUT_OF_RANGE = new Set(['22003', '22008', '22015']);

/** Every failure leaves as `{ error: { message } }` with a 4xx or 503; a 500 only for a real bug. */
export function installErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof TooManyRequests) reply.header('Retry-After', String(err.retryAfterSecs));
    if (err instanceof HttpError) return reply.code(err.status).send(errorBody(err));
    if (err.validation) {
      return reply.code(400).send({ error: { message: dutchValidationMessage(err.validationContext, err.validation) } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Het verzoek is te groot.'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Dit type inhoud wordt niet ondersteund.'
            : `Ongeldig verzoek: ${err.message}`;
      return reply.code(err.statusCode).send({ error: { message } });
    }
    if (UNSTORABLE_TEXT.has(String((err as { code?: string }).code))) {
      return reply
        .code(400)
        .send({ error: { message: 'Ongeldige invoer: de tekst bevat een teken dat niet kan worden opgeslagen (NUL).' } });
    }
    if (OUT_OF_RANGE.has(String((err as { code?: string }).code))) {
      return reply.code(400).send({ error: { message: 'Ongeldige invoer: een getal is te groot of te klein.' } });
    }
    if (DISK_FULL.has(String((err as { code?: string }).code))) {
      req.log.error({ err }, 'file storage full');
      return reply
        .code(507)
        .header('Retry-After', '60')
        .send({ error: { message: 'De opslag van de server is vol. Het bestand is niet opgeslagen; probeer het later opnieuw.' } });
    }
    const text = `${(err as { code?: string }).code ?? ''} ${err.message}`;
    if (UNAVAILABLE.test(text)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ error: { message: 'De server is even niet bereikbaar. Probeer het zo opnieuw.' } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { message: 'Er ging iets mis op de server.' } });
  });
}
