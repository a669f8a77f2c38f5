/**
 * The page's one way to call the server: builds the request from the catalogue, adds the bearer and
 * XSRF headers, refreshes the access token once on a 401, and reports every failure as ApiCallError.
 */
import { catalogue, findEndpoint } from '../api/catalogue';
import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { api } from '../api/catalogue';
import { ApiCallError, buildRequestInit, endpointUrl, NETWORK_MESSAGE, readAnswer, type CallArgs } from '../api/request';
import type { Tokens } from '../api/types';
import { getAccessToken, getRefreshToken, REFRESH_ATTEMPT, session, setTokens, xsrfToken } from './session';

const ids = new Map<EndpointDef, string>(catalogue.map((e) => [e.def, e.id]));

export function endpointId(def: EndpointDef): string {
  const id = ids.get(def);
  if (!id) throw new Error(`endpoint not in the catalogue: ${def.path}`);
  return id;
}

export function endpointById(id: string): EndpointDef {
  const def = findEndpoint(id);
  if (!def) throw new Error(`unknown endpoint ${id}`);
  return def;
}

async function send(def: EndpointDef, args: CallArgs, idempotencyKey?: string): Promise<Response> {
  const init = buildRequestInit(def, args, { accessToken: getAccessToken(), xsrfToken: xsrfToken(), idempotencyKey });
  try {
    return await fetch(endpointUrl(def, args, session.config.api_url), init);
  } catch {
    throw new ApiCallError(0, NETWORK_MESSAGE);
  }
}

let refreshing: Promise<boolean> | null = null;

/** Same key for every try of one token's refresh: a repeat after a lost answer is not a reuse. */
function refreshKeyFor(token: string): string {
  try {
    const attempt = JSON.parse(localStorage.getItem(REFRESH_ATTEMPT) ?? 'null') as { token: string; key: string } | null;
    if (attempt?.token === token) return attempt.key;
  } catch {
    // A damaged entry is replaced below.
  }
  const key = crypto.randomUUID();
  localStorage.setItem(REFRESH_ATTEMPT, JSON.stringify({ token, key }));
  return key;
}

/** One refresh at a time: parallel 401s share it, so a rotated token is never used twice. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const token = getRefreshToken();
    if (!token) return false;
    try {
      const res = await send(api.session.refreshToken, { params: { refreshToken: token } }, refreshKeyFor(token));
      const tokens = await readAnswer<Tokens>(res);
      await setTokens(tokens.accessToken, tokens.refreshToken);
      localStorage.removeItem(REFRESH_ATTEMPT);
      return true;
    } catch (err) {
      if (err instanceof ApiCallError && err.isNetwork) throw err;
      session.expired = true;
      return false;
    }
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
