/**
 * The one way a request with the teacher's session is sent, by the page (src/data/api-client.ts) and
 * by the outbox's replayer in page or worker: the bearer token, a bounded wait (give-up.ts), and on a
 * 401 one refresh of the access token and one retry. What the caller does with the answer (read it,
 * queue again, end the session) stays with the caller.
 */
import { giveUpSignal } from './give-up';

type RefreshOutcome = { ok: true; accessToken: string | undefined } | { ok: false; reason: 'refused' | 'network' };

export interface Credentials {
  accessToken(): string | null | undefined | Promise<string | null | undefined>;
  /** A new access token after `failed` was refused with 401, or why there is none; absent: no retry. */
  refresh?(failed: string | undefined): Promise<RefreshOutcome>;
}

export interface AuthorizedOptions {
  /** The give-up bound per attempt (default GIVE_UP_MS, src/constants.ts); null for none (an upload shows its progress). */
  timeoutMs?: number | null;
  /** Ends the attempt in flight at once (a new version taking over). */
  abandon?: AbortSignal | null;
}

export interface Authorized {
  /** The last answer: a 401 here means the session is over (or there was none). */
  res: Response;
  /** Set when a 401 was not retried because the refresh failed. */
  refreshFailed?: 'refused' | 'network';
}

/** Headers to add to an attempt: Authorization when there is a token. */
export type AuthHeaders = Record<string, string>;

/**
 * Sends with the current token; on a 401 refreshes once and sends again. `credentials` null: a public
 * request, sent once without a token. A network failure (or the give-up) rejects, as fetch does.
 * With a token at hand (not a promise) the first attempt starts synchronously: sign-out relies on it.
 */
export async function sendAuthorized(
  send: (auth: AuthHeaders, signal: AbortSignal | undefined) => Promise<Response>,
  credentials: Credentials | null,
  opts: AuthorizedOptions = {},
): Promise<Authorized> {
  const attempt = (token: string | null | undefined) => {
    const signal = opts.timeoutMs === null ? (opts.abandon ?? undefined) : giveUpSignal(opts.timeoutMs, opts.abandon);
    return send(token ? { Authorization: `Bearer ${token}` } : {}, signal);
  };
  if (!credentials) return { res: await attempt(null) };
  const current = credentials.accessToken();
  const token = (current instanceof Promise ? await current : current) ?? undefined;
  const res = await attempt(token);
  if (res.status !== 401 || !credentials.refresh) return { res };
  const refreshed = await credentials.refresh(token);
  if (!refreshed.ok) return { res, refreshFailed: refreshed.reason };
  return { res: await attempt(refreshed.accessToken) };
}
