/**
 * Tokens as the replayer sees them: IndexedDB holds the current pair (mirrored from localStorage by
 * the page). A refresh runs under a lock and first checks whether another context already rotated
 * the pair, because using a spent refresh token revokes the whole family.
 */
import { session as sessionApi } from '../api/session/endpoints';
import { buildRequestInit, endpointUrl } from '../api/request';
import type { Tokens } from '../api/session/types';
import type { OfflineDb } from './db';
import { giveUpSignal } from './give-up';
import { withLock } from './locks';
import { ACCESS_TOKEN_KEY, REFRESH_ATTEMPT_KEY, REFRESH_TOKEN_KEY } from '../constants';

export async function readTokens(db: OfflineDb): Promise<Partial<Tokens>> {
  const rows = await db.meta.bulkGet([ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]);
  return { accessToken: rows[0]?.value as string | undefined, refreshToken: rows[1]?.value as string | undefined };
}

export async function storeTokens(db: OfflineDb, tokens: Tokens): Promise<void> {
  await db.meta.bulkPut([
    { key: ACCESS_TOKEN_KEY, value: tokens.accessToken },
    { key: REFRESH_TOKEN_KEY, value: tokens.refreshToken },
  ]);
}

/**
 * The Idempotency-Key of the refresh of this token, kept until it succeeds: when the answer is lost,
 * the repeat carries the same key and the server issues a new token instead of revoking the family.
 */
async function refreshKeyFor(db: OfflineDb, refreshToken: string): Promise<string> {
  const attempt = (await db.meta.get(REFRESH_ATTEMPT_KEY))?.value as { token: string; key: string } | undefined;
  if (attempt?.token === refreshToken) return attempt.key;
  const key = crypto.randomUUID();
  await db.meta.put({ key: REFRESH_ATTEMPT_KEY, value: { token: refreshToken, key } });
  return key;
}

export type RefreshResult = { ok: true; tokens: Tokens } | { ok: false; reason: 'refused' | 'network' };

/** Gets a fresh access token after `failedAccessToken` was refused with 401. */
export async function refreshAccessToken(
  db: OfflineDb,
  failedAccessToken: string | undefined,
  fetchFn: typeof fetch = fetch,
  apiUrl = '/api/',
): Promise<RefreshResult> {
  const result = await withLock('token-refresh', async (): Promise<RefreshResult> => {
    const current = await readTokens(db);
    if (current.accessToken && current.refreshToken && current.accessToken !== failedAccessToken) {
      return { ok: true, tokens: current as Tokens };
    }
    if (!current.refreshToken) return { ok: false, reason: 'refused' };
    const def = sessionApi.refreshToken;
    const key = await refreshKeyFor(db, current.refreshToken);
    let res: Response;
    try {
      // Bounded: the lock is held meanwhile, and the replayer and every 401 of the page wait for it.
      res = await fetchFn(endpointUrl(def, { params: { refreshToken: current.refreshToken } }, apiUrl), {
        ...buildRequestInit(def, {}, { idempotencyKey: key }),
        signal: giveUpSignal(),
      });
    } catch {
      return { ok: false, reason: 'network' };
    }
    if (res.status >= 500) return { ok: false, reason: 'network' };
    if (!res.ok) return { ok: false, reason: 'refused' };
    const tokens = (await res.json()) as Tokens;
    await storeTokens(db, tokens);
    await db.meta.delete(REFRESH_ATTEMPT_KEY);
    return { ok: true, tokens };
  });
  return result ?? { ok: false, reason: 'network' };
}
