/**
 * Sign-in, sign-out and the start-up session load (part 1 §4, §6, §7). The only module that changes
 * the session's user and authenticated flag, so the rules of who may enter live in one place.
 */
import { api } from '../api/catalogue';
import { defaultConfig } from '../api/default-config';
import { ApiCallError } from '../api/request';
import type { Config, CurrentUser } from '../api/types';
import { encodePassword } from '../lib/validation';
import { call } from './api-client';
import { clearTokens, getAccessToken, loadOfflineDb, session, setTokens } from './session';

/**
 * portal: ADMIN, may enter (part 1 §4/§6). student: refused and already signed out. refused: another
 * role (TEACHER), signed in but sent to /notauthorized. signed-out: no (valid) session.
 */
export type SessionOutcome = 'portal' | 'student' | 'refused' | 'signed-out';

export const PORTAL_ROLES: readonly string[] = ['ADMIN'];

export const OFFLINE_LOGIN_MESSAGE = 'Inloggen kan alleen met een internetverbinding.';
export const WRONG_CREDENTIALS_MESSAGE = 'Inloggegevens zijn niet juist';

export function outcomeOf(user: Pick<CurrentUser, 'role'> | null): SessionOutcome {
  if (!user) return 'signed-out';
  if (PORTAL_ROLES.includes(user.role)) return 'portal';
  return user.role === 'STUDENT' ? 'student' : 'refused';
}

/** Sends an error report (part 1 §7); never throws, a failing report must not hide the first error. */
export async function reportError(url: string, status: number, message: string): Promise<void> {
  try {
    await call(api.session.report, { body: { url, status, message } });
  } catch {
    // Nothing more to do: reporting is best-effort.
  }
}

export function mergeConfig(answer: Partial<Config> | null | undefined): Config {
  const a = answer ?? {};
  return { ...defaultConfig, ...a, preheader: { ...defaultConfig.preheader, ...(a.preheader ?? {}) } };
}

/** GET config merged over the built-in defaults; on failure the defaults stay and a report is sent. */
export async function loadConfig(): Promise<void> {
  try {
    session.config = mergeConfig(await call(api.session.config));
  } catch (err) {
    const status = err instanceof ApiCallError ? err.status : 0;
    const message = err instanceof Error ? err.message : String(err);
    await reportError(window.location.href, status, `config: ${message}`);
  }
}

/** The last known user, kept beside the tokens (meta table) so the app opens offline; gone on sign-out. */
const LAST_USER = 'currentUser';

async function cachedUser(): Promise<CurrentUser | null> {
  const row = await (await loadOfflineDb()).meta.get(LAST_USER);
  return (row?.value as CurrentUser | undefined) ?? null;
}

async function forgetUser(): Promise<void> {
  await loadOfflineDb()
    .then((db) => db.meta.delete(LAST_USER))
    .catch(() => undefined);
}

function setUser(user: CurrentUser | null): void {
  session.user = user;
  session.authenticated = user !== null;
  session.checked = true;
}

/**
 * GET users/info. Students get a 403 from the portal API: they are signed out here. Offline, the last
 * known user is used so a teacher can open the app on a tablet without network.
 */
export async function loadUser(): Promise<SessionOutcome> {
  if (!getAccessToken()) {
    setUser(null);
    return 'signed-out';
  }
  let user: CurrentUser | null;
  try {
    user = await call(api.session.info);
  } catch (err) {
    if (err instanceof ApiCallError && err.isNetwork) {
      user = await cachedUser().catch(() => null);
    } else if (err instanceof ApiCallError && err.status === 403) {
      await signOut({ reloadOnFailure: false });
      return 'student';
    } else {
      await clearTokens().catch(() => undefined);
      await forgetUser();
      setUser(null);
      return 'signed-out';
    }
    setUser(user);
    return outcomeOf(user);
  }
  const outcome = outcomeOf(user);
  if (outcome === 'student') {
    await signOut({ reloadOnFailure: false });
    return outcome;
  }
  setUser(user);
  // Not awaited: the copy is for the next offline start, and waiting for IndexedDB's commit here kept
  // the loading overlay up for most of a second on a tablet.
  void loadOfflineDb()
    .then((db) => db.meta.put({ key: LAST_USER, value: user }))
    .catch(() => undefined);
  return outcome;
}

/**
 * POST users/authenticate (form-encoded, password base64 with encoding flag), store the tokens and
 * load the user. Throws ApiCallError (status 0 offline, 401 wrong credentials, 429 too many tries).
 * The password is only encoded for this one request and never stored.
 */
export async function signIn(email: string, password: string): Promise<SessionOutcome> {
  const tokens = await call(api.session.authenticate, { body: { email, password: encodePassword(password), encoding: 'base64' } });
  await setTokens(tokens.accessToken, tokens.refreshToken);
  session.expired = false;
  return loadUser();
}

export interface SignOutOptions {
  /** Part 1 §4: when the logout call fails the page reloads; the student flow skips that. */
  reloadOnFailure?: boolean;
}

/** Removes both tokens, forgets the user, and tells the server (POST login/logout). */
export async function signOut(opts: SignOutOptions = {}): Promise<void> {
  // The request is built synchronously inside call(), so it still carries the bearer token that the
  // next lines remove; the server needs it to know whose tokens to revoke.
  const logout = call(api.session.logout).then(
    () => true,
    () => false,
  );
  await clearTokens().catch(() => undefined);
  await forgetUser();
  setUser(null);
  const ok = await logout;
  if (!ok && (opts.reloadOnFailure ?? true)) window.location.reload();
}

/** Start-up: configuration and the current user in parallel. */
export async function loadSession(): Promise<SessionOutcome> {
  const [, outcome] = await Promise.all([loadConfig(), loadUser().catch((): SessionOutcome => 'signed-out')]);
  if (outcome === 'signed-out') setUser(null);
  return outcome;
}
