/**
 * The page's one way to call the server (src/offline/authorized.ts does the sending): the bearer and
 * XSRF headers, the give-up bound, the access token refreshed once on a 401, and every failure as
 * ApiCallError with a Dutch message. `call` is the catalogue's JSON call; `apiFetch` is the same for
 * a request the caller shapes itself (a read through the worker, a PDF, an upload with progress).
 */
import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { ApiCallError, buildRequestInit, endpointUrl, NETWORK_MESSAGE, readAnswer, type CallArgs } from '../api/request';
import { sendAuthorized, type AuthHeaders, type Credentials } from '../offline/authorized';
import { ORGANISATION_HEADER } from '../offline/row-scope';
import { getAccessToken, getRefreshToken, loadOfflineDb, session, setTokens, xsrfToken } from './session';

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time: parallel 401s share it. It is the replayer's refresh (src/offline/tokens.ts),
 * so the page, its replayer and the service worker take one lock, one Idempotency-Key and one copy of
 * the pair: two of them refreshing the same token at once would look like reuse and end the session.
 */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    const accessToken = getAccessToken() ?? undefined;
    // Loaded here, like Dexie: a first visit's sign-in page never refreshes.
    const [db, { readTokens, refreshAccessToken, storeTokens }] = await Promise.all([loadOfflineDb(), import('../offline/tokens')]);
    // The shared copy is normally as new as the page's (or newer, after the worker refreshed); it is
    // missing only when the browser cleared IndexedDB.
    if (!(await readTokens(db)).refreshToken) await storeTokens(db, { accessToken: accessToken ?? '', refreshToken });
    const result = await refreshAccessToken(db, accessToken, fetch, session.config.api_url);
    if (result.ok) {
      await setTokens(result.tokens.accessToken, result.tokens.refreshToken);
      return true;
    }
    if (result.reason === 'network') throw new ApiCallError(0, NETWORK_MESSAGE);
    session.expired = true;
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The page's session: the token in localStorage, refreshed through refreshTokens(). */
const pageSession: Required<Credentials> = {
  accessToken: getAccessToken,
  refresh: async () => {
    // Refused once (revoked elsewhere, expired): asking again only gets the same 401, every poll.
    if (session.expired) return { ok: false, reason: 'refused' };
    try {
      return (await refreshTokens()) ? { ok: true, accessToken: getAccessToken() ?? undefined } : { ok: false, reason: 'refused' };
    } catch {
      return { ok: false, reason: 'network' };
    }
  },
};
const tokenOnly: Credentials = { accessToken: getAccessToken };

export interface ApiFetchOptions {
  /**
   * session (default): the token, refreshed once on a 401. token: the token if any, no refresh (a
   * public catalogue call; the server counts error reports per teacher). none: no token (an
   * invitation link, whose token is its own credential).
   */
  auth?: 'session' | 'token' | 'none';
  /** See AuthorizedOptions.timeoutMs. */
  timeoutMs?: number | null;
  /** The message of a network failure (default NETWORK_MESSAGE). */
  networkMessage?: string;
  /** Not a GET: the XSRF cookie is echoed in X-XSRF-TOKEN (part 1 §7). */
  write?: boolean;
}

/**
 * Sends as `opts.auth` says: `send` gets the Authorization (and X-XSRF-TOKEN) headers to add and the
 * give-up signal. Resolves with the answer, whatever its status (a 401 after a refused refresh
 * included); rejects with ApiCallError status 0 when the server cannot be reached.
 */
export async function apiFetch(send: (headers: AuthHeaders, signal: AbortSignal | undefined) => Promise<Response>, opts: ApiFetchOptions = {}): Promise<Response> {
  const networkError = () => new ApiCallError(0, opts.networkMessage ?? NETWORK_MESSAGE);
  const xsrf = opts.write ? xsrfToken() : null;
  const withXsrf = (auth: AuthHeaders, signal: AbortSignal | undefined) => send(xsrf ? { ...auth, 'X-XSRF-TOKEN': xsrf } : auth, signal);
  const credentials = opts.auth === 'none' ? null : opts.auth === 'token' ? tokenOnly : pageSession;
  let out;
  try {
    out = await sendAuthorized(withXsrf, credentials, { timeoutMs: opts.timeoutMs });
  } catch {
    throw networkError();
  }
  if (out.refreshFailed === 'network') throw networkError();
  return out.res;
}

/** Headers of a RequestInit with more added (buildRequestInit gives a plain record). */
export const withHeaders = (init: RequestInit, more: AuthHeaders): Record<string, string> => ({ ...(init.headers as Record<string, string>), ...more });

export async function call<E extends EndpointDef>(def: E, args: CallArgs = {}, idempotencyKey?: string): Promise<AnswerOf<E>> {
  const init = buildRequestInit(def, args, { idempotencyKey });
  // A write names the school it was made in, as a queued one does (src/offline/outbox.ts): the
  // server applies it there, or refuses it, even when another tab switched school meanwhile.
  const school: AuthHeaders = def.kind === 'write' && def.access !== 'public' && session.user ? { [ORGANISATION_HEADER]: String(session.user.currentOrganisationId) } : {};
  const url = endpointUrl(def, args, session.config.api_url);
  // Without a refresh token there is nothing to refresh with; a public call needs none.
  const auth = def.access === 'public' || !getRefreshToken() ? 'token' : 'session';
  // The first attempt starts before this returns: sign-out removes the tokens right after (auth.ts).
  const res = await apiFetch((headers, signal) => fetch(url, { ...init, headers: withHeaders(init, { ...school, ...headers }), signal }), { auth, write: def.method !== 'GET' });
  return readAnswer<AnswerOf<E>>(res);
}
