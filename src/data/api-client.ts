/**
 * The page's one way to call the server: builds the request from the catalogue, adds the bearer and
 * XSRF headers, refreshes the access token once on a 401, and reports every failure as ApiCallError.
 */
import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { ApiCallError, buildRequestInit, endpointUrl, NETWORK_MESSAGE, readAnswer, type CallArgs } from '../api/request';
import { giveUpSignal } from '../offline/give-up';
import { getAccessToken, getRefreshToken, loadOfflineDb, session, setTokens, xsrfToken } from './session';

async function send(def: EndpointDef, args: CallArgs, idempotencyKey?: string): Promise<Response> {
  const init = buildRequestInit(def, args, { accessToken: getAccessToken(), xsrfToken: xsrfToken(), idempotencyKey });
  try {
    // Bounded (src/offline/give-up.ts): start-up's calls outlive their own 4 s wait for a late answer.
    return await fetch(endpointUrl(def, args, session.config.api_url), { ...init, signal: giveUpSignal() });
  } catch {
    throw new ApiCallError(0, NETWORK_MESSAGE);
  }
}

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

export async function call<E extends EndpointDef>(def: E, args: CallArgs = {}, idempotencyKey?: string): Promise<AnswerOf<E>> {
  let res = await send(def, args, idempotencyKey);
  if (res.status === 401 && def.access !== 'public' && getRefreshToken()) {
    if (await refreshTokens()) res = await send(def, args, idempotencyKey);
  }
  return readAnswer<AnswerOf<E>>(res);
}
