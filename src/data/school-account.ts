/**
 * Sign-in with the school's own account (issue 33): the server builds the provider's address and
 * keeps the flow in an httpOnly cookie; the provider sends the browser back to
 * /login/schoolaccount/{provider}, whose page hands the answer to the server and receives the tokens
 * in a JSON answer, as after a password sign-in. Linking from the avatar menu takes the same way.
 */
import { session as sessionApi } from '../api/session/endpoints';
import { ApiCallError } from '../api/request';
import type { SchoolAccountLink } from '../api/session/types';
import { call } from './api-client';
import { acceptTokens, configAnswer, OFFLINE_LOGIN_MESSAGE, type SessionOutcome } from './auth';
import { xsrfToken } from './session';

const SCHOOL_ACCOUNT_FAILED = 'Inloggen met je schoolaccount is niet gelukt. Probeer het opnieuw.';

/** The answer's Dutch reason when the server gave one. */
export function schoolAccountError(err: unknown): string {
  if (err instanceof ApiCallError) {
    if (err.isNetwork) return OFFLINE_LOGIN_MESSAGE;
    if (err.message && err.status >= 400 && err.status < 500) return err.message;
  }
  return SCHOOL_ACCOUNT_FAILED;
}

/**
 * Set after a refused school-account sign-in and by 'Inloggen met een ander account': the provider
 * is still signed in with that account and would hand it over again at once, so the next start asks
 * it to ask who is there (prompt=login). Per tab; cleared by a sign-in that succeeds.
 */
const REAUTH_KEY = 'schoolAccountReauth';

export function askProviderWhoIsThere(): void {
  try {
    sessionStorage.setItem(REAUTH_KEY, '1');
  } catch {
    // Storage refused (private mode): the provider may answer with the same account once more.
  }
}

export function providerAsksWhoIsThere(): boolean {
  try {
    return sessionStorage.getItem(REAUTH_KEY) === '1';
  } catch {
    return false;
  }
}

function providerMayAnswer(): void {
  try {
    sessionStorage.removeItem(REAUTH_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Leaves for the provider's sign-in page; throws ApiCallError when the server or provider is not there. */
export async function startSchoolAccount(provider: string, next: string): Promise<void> {
  const body = providerAsksWhoIsThere() ? { next, reauth: true } : { next };
  const { url } = await call(sessionApi.schoolAccountStart, { params: { provider }, body });
  window.location.assign(url);
}

export type SchoolAccountOutcome = { kind: 'signed-in'; outcome: SessionOutcome; next: string } | { kind: 'linked'; next: string } | { kind: 'student' };

/** Finishes the flow with the callback's query string: signs in, or reports the link. */
export async function finishSchoolAccount(provider: string, query: string): Promise<SchoolAccountOutcome> {
  try {
    // The answer must echo the XSRF cookie (part 1 §7). A browser without it (cookies cleared, a new
    // browser session) gets it from the config answer the start-up asks for at this same moment:
    // sent first, the answer left without the header and came back refused if the cookie arrived
    // before it did.
    if (!xsrfToken()) await configAnswer().catch(() => undefined);
    const answer = await call(sessionApi.schoolAccountFinish, { params: { provider }, body: { query } });
    if (answer.linked) return { kind: 'linked', next: answer.next };
    if (!answer.accessToken || !answer.refreshToken) throw new ApiCallError(500, SCHOOL_ACCOUNT_FAILED);
    const outcome = await acceptTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
    providerMayAnswer();
    return { kind: 'signed-in', outcome, next: answer.next };
  } catch (err) {
    askProviderWhoIsThere();
    // Part 1 §4: a student goes to /notauthorized.
    if (err instanceof ApiCallError && err.status === 403 && (err.body as { reason?: string } | null)?.reason === 'student') return { kind: 'student' };
    throw err;
  }
}

export const schoolAccountLinks = (): Promise<SchoolAccountLink[]> => call(sessionApi.schoolAccounts);

/** A signed-in teacher links her school account with her password: off to the provider, back to `next`. */
export async function linkSchoolAccount(provider: string, next: string, password: string): Promise<void> {
  const { url } = await call(sessionApi.linkSchoolAccount, { params: { provider }, body: { next, password } });
  window.location.assign(url);
}

export async function unlinkSchoolAccount(provider: string): Promise<string> {
  return (await call(sessionApi.unlinkSchoolAccount, { params: { provider } })).message;
}
