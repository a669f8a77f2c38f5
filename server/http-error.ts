/** A refusal with a Dutch reason; the error handler turns it into `{ error: { message, errors } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Extra fields for the answer, e.g. the current value on a 409. */
    readonly extra?: Record<string, unknown>,
    /** Keep the transaction's changes although the request is refused (e.g. revoking a token family). */
    readonly commit = false,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message = 'Niet gevonden.') => new HttpError(404, message);
export const forbidden = (message = 'Je hebt geen toegang tot dit onderdeel.') => new HttpError(403, message);
export const unauthorized = (message = 'Je bent niet (meer) ingelogd. Log opnieuw in.') => new HttpError(401, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, extra);

/** 429 with the seconds to wait; the error handler sends them as Retry-After. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSecs: number,
  ) {
    super(429, message);
  }
}
