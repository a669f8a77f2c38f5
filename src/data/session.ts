/**
 * Global session state (valtio): configuration, the signed-in user and the tokens. Tokens live in
 * localStorage under accessToken and refreshToken (part 1 §4) and are mirrored into IndexedDB so the
 * service worker can replay queued changes when no page is open.
 */
import { proxy } from 'valtio';
import { defaultConfig } from '../api/session/default-config';
import type { Config, CurrentUser } from '../api/session/types';
import { ACCESS_TOKEN_KEY, REFRESH_ATTEMPT_KEY, REFRESH_TOKEN_KEY } from '../constants';

export interface SessionState {
  config: Config;
  user: CurrentUser | null;
  /** Part 1 §4: initially true; false when the current-user load fails or after logout. */
  authenticated: boolean;
  /** True once the current-user load has finished, either way. */
  checked: boolean;
  /** The refresh token was refused: queued changes wait until the teacher signs in again. */
  expired: boolean;
}

export const session = proxy<SessionState>({ config: defaultConfig, user: null, authenticated: true, checked: false, expired: false });

/**
 * The shared IndexedDB, loaded on first use rather than imported: Dexie (docs/performance.md) is not needed to
 * paint the sign-in page, and a page that reads data loads it anyway.
 */
export const loadOfflineDb = () => import('./offline-db').then((m) => m.offlineDb);

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export async function setTokens(accessToken: string, refreshToken: string): Promise<void> {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  await (await loadOfflineDb()).meta.bulkPut([
    { key: ACCESS_TOKEN_KEY, value: accessToken },
    { key: REFRESH_TOKEN_KEY, value: refreshToken },
  ]);
}

export async function clearTokens(): Promise<void> {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  await (await loadOfflineDb()).meta.bulkDelete([ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, REFRESH_ATTEMPT_KEY]);
}

/** The cache scope of the signed-in user: answers of one school never show in another. */
export function currentScope(): string {
  const u = session.user;
  return u ? `${u.id}:${u.currentOrganisationId}` : 'public';
}

export function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
