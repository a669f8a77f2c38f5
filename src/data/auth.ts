/**
 * Sign-in, sign-out and the start-up session load (part 1 §4, §6, §7). The only module that changes
 * the session's user and authenticated flag, so the rules of who may enter live in one place.
 */
import { defaultConfig } from '../api/session/default-config';
// The session's calls only, not the catalogue: this module is part of the sign-in page's first load.
import { session as sessionApi } from '../api/session/endpoints';
import { ApiCallError } from '../api/request';
import type { Config, CurrentUser, Tokens } from '../api/session/types';
import { encodePassword } from '../lib/validation';
import { call } from './api-client';
import { forgetUser, lastConfig, lastUser, rememberConfig, rememberUser } from './last-known';
import { clearTokens, getAccessToken, session, setTokens } from './session';
import { START_TIMEOUT_MS } from '../constants';

// Loaded when a session ends, not with the entry: the preparation's module brings its run, the
// catalogue it plans from and Dexie's hooks, which the sign-in page never needs (issue 17).
const cancelOfflineCopy = async () => (await import('./offline-copy')).cancelOfflineCopy();

/**
 * portal: ADMIN, may enter (part 1 §4/§6). student: refused and already signed out. refused: another
 * role (TEACHER), signed in but sent to /notauthorized. signed-out: no (valid) session.
 */
export type SessionOutcome = 'portal' | 'student' | 'refused' | 'signed-out';

const PORTAL_ROLES: readonly string[] = ['ADMIN'];

export const OFFLINE_LOGIN_MESSAGE = 'Inloggen kan alleen met een internetverbinding.';
export const WRONG_CREDENTIALS_MESSAGE = 'Inloggegevens zijn niet juist';

export function outcomeOf(user: Pick<CurrentUser, 'role'> | null): SessionOutcome {
  if (!user) return 'signed-out';
  if (PORTAL_ROLES.includes(user.role)) return 'portal';
  return user.role === 'STUDENT' ? 'student' : 'refused';
}

/** Sends an error report (part 1 §7); never throws, a failing report must not hide the first error. */
async function reportError(url: string, status: number, message: string): Promise<void> {
  try {
    await call(sessionApi.report, { body: { url, status, message } });
  } catch {
    // Nothing more to do: reporting is best-effort.
  }
}

function mergeConfig(answer: Partial<Config> | null | undefined): Config {
  const a = answer ?? {};
  return { ...defaultConfig, ...a, preheader: { ...defaultConfig.preheader, ...(a.preheader ?? {}) } };
}

class StartTimeout extends Error {}

function withinStartTimeout<T>(answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartTimeout('start-up timeout')), START_TIMEOUT_MS);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET config merged over the built-in defaults and kept for the next offline start. When the server
 * does not answer, the last configuration it gave is used (else the defaults) and a report is sent.
 */
/** A configuration a signed-out page received, written once someone signs in (keepConfig). */
let unremembered: Partial<Config> | null = null;

/**
 * Kept for the next offline start, which needs a session: signed out, it waits for the sign-in, so a
 * first visit's sign-in page does not open IndexedDB (Dexie, which a slow tablet parses).
 */
function keepConfig(config: Partial<Config>): void {
  if (getAccessToken()) void rememberConfig(config);
  else unremembered = config;
}

/** The start-up's config request: its answer also sets the XSRF cookie (server/areas/session/handlers.ts). */
let startupConfig: Promise<Partial<Config>> | null = null;

/** The config answer, with the XSRF cookie it brings: the start-up's request, or a new one without it. */
export const configAnswer = (): Promise<Partial<Config>> => startupConfig ?? call(sessionApi.config);

async function loadConfig(): Promise<void> {
  const answer = call(sessionApi.config);
  startupConfig = answer;
  try {
    const config = await withinStartTimeout(answer);
    session.config = mergeConfig(config);
    keepConfig(config);
  } catch (err) {
    const last = await lastConfig();
    if (last) session.config = mergeConfig(last);
    if (err instanceof StartTimeout) {
      void answer.then((config) => {
        session.config = mergeConfig(config);
        keepConfig(config);
      }, () => undefined);
      return;
    }
    const status = err instanceof ApiCallError ? err.status : 0;
    const message = err instanceof Error ? err.message : String(err);
    await reportError(window.location.href, status, `config: ${message}`);
  }
}

function setUser(user: CurrentUser | null): void {
  session.user = user;
  session.authenticated = user !== null;
  session.checked = true;
}

/**
 * Whether an answer to users/info ends the session. Only two do: a 401 that survived the refresh
 * (call() refreshes once; a refused refresh leaves the 401, a refresh without network throws status
 * 0), and the server's 403 for a student (its JSON error; a proxy's or captive portal's 403 page has
 * none). A 5xx, a 503 from a proxy during a deploy, the worker's offline answer or a timeout says
 * nothing about the session: the teacher stays signed in with the last known user.
 */
function refusal(err: unknown): 'signed-out' | 'student' | null {
  if (!(err instanceof ApiCallError)) return null;
  if (err.status === 401) return 'signed-out';
  if (err.status === 403 && err.body !== null) return 'student';
  return null;
}

async function endSession(outcome: 'signed-out' | 'student'): Promise<SessionOutcome> {
  if (outcome === 'student') {
    await signOut({ reloadOnFailure: false });
    return 'student';
  }
  // The offline preparation fetches with these tokens: it stops first (src/data/offline-copy.ts).
  await cancelOfflineCopy().catch(() => undefined);
  await clearTokens().catch(() => undefined);
  await forgetUser();
  setUser(null);
  return 'signed-out';
}

/** A user the server just confirmed: a student is signed out, anyone else is kept for offline starts. */
async function acceptUser(user: CurrentUser): Promise<SessionOutcome> {
  const outcome = outcomeOf(user);
  if (outcome === 'student') {
    await signOut({ reloadOnFailure: false });
    return outcome;
  }
  setUser(user);
  void rememberUser(user);
  return outcome;
}

/**
 * GET users/info. Students get a 403 from the portal API: they are signed out here. When the server
 * cannot be reached or does not answer in time, the last known user is used so a teacher can open
 * the app on a tablet without network; a late answer is applied when it comes.
 */
async function loadUser(): Promise<SessionOutcome> {
  if (!getAccessToken()) {
    setUser(null);
    return 'signed-out';
  }
  const answer = call(sessionApi.info);
  try {
    return await acceptUser(await withinStartTimeout(answer));
  } catch (err) {
    const refused = refusal(err);
    if (refused) return endSession(refused);
    if (err instanceof StartTimeout) {
      void answer.then(acceptUser, async (late: unknown) => {
        const lateRefusal = refusal(late);
        if (lateRefusal) await endSession(lateRefusal);
      });
    }
    const user = await lastUser();
    setUser(user);
    return outcomeOf(user);
  }
}

/**
 * POST users/authenticate (form-encoded, password base64 with encoding flag), store the tokens and
 * load the user. Throws ApiCallError (status 0 offline, 401 wrong credentials, 429 too many tries).
 * The password is only encoded for this one request and never stored.
 */
export async function signIn(email: string, password: string): Promise<SessionOutcome> {
  const tokens = await call(sessionApi.authenticate, { body: { email, password: encodePassword(password), encoding: 'base64' } });
  return acceptTokens(tokens);
}

/** Keeps the tokens of a sign-in (password or school account) and loads the user. */
export async function acceptTokens(tokens: Tokens): Promise<SessionOutcome> {
  // Another teacher's last known user must never stand in for this one if users/info is slow.
  await forgetUser();
  await setTokens(tokens.accessToken, tokens.refreshToken);
  if (unremembered) void rememberConfig(unremembered);
  unremembered = null;
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
  const logout = call(sessionApi.logout).then(
    () => true,
    () => false,
  );
  // The offline preparation fetches with these tokens: it stops first (src/data/offline-copy.ts).
  await cancelOfflineCopy().catch(() => undefined);
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
