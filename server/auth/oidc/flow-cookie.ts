/**
 * What a sign-in with a school account must remember between leaving for the provider and coming
 * back: state, nonce, the PKCE verifier, the provider, where the teacher was going and, for linking,
 * who asked. Kept in the browser, not in one process's memory, so the callback may reach another
 * server process (HAProxy): an encrypted JWT (jose, A256GCM, so the verifier stays secret) with a
 * 10-minute expiry, in an httpOnly cookie only the sign-in calls receive.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

export const FLOW_COOKIE = 'school-account-flow';
export const FLOW_COOKIE_PATH = '/api/oidc/';
export const FLOW_SECONDS = 600;

export interface Flow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  /** A same-origin path (safeReturnPath). */
  next: string;
  /** Set when a signed-in teacher links her account instead of signing in. */
  linkUserId?: number;
  /** With linkUserId: a digest of her password hash when she confirmed it (a change since voids the link). */
  linkMark?: string;
}

const keys = new WeakMap<Uint8Array, Uint8Array>();

// Its own key, derived from the token secret every process shares (JWT_SECRET or the database's).
function keyOf(secret: Uint8Array): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'school-account-flow-cookie', 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealFlow(flow: Flow, secret: Uint8Array): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_SECONDS}s`)
    .encrypt(keyOf(secret));
}

/** A flow opened from its cookie, with the moment the cookie stops being accepted. */
export type OpenedFlow = Flow & { expiresAt: Date };

/**
 * The flow of a cookie this server sealed less than 10 minutes ago, or null. The cookie alone could
 * be used again within those minutes: the callback also spends its state (used-states.ts).
 */
export async function openFlow(cookie: string | undefined, secret: Uint8Array): Promise<OpenedFlow | null> {
  if (!cookie) return null;
  try {
    const { payload } = await jwtDecrypt(cookie, keyOf(secret), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { provider, state, nonce, verifier, next, linkUserId, linkMark, exp } = payload;
    if (
      typeof exp !== 'number' ||
      typeof provider !== 'string' ||
      typeof state !== 'string' ||
      typeof nonce !== 'string' ||
      typeof verifier !== 'string' ||
      typeof next !== 'string'
    )
      return null;
    return {
      provider,
      state,
      nonce,
      verifier,
      next,
      ...(typeof linkUserId === 'number' ? { linkUserId } : {}),
      ...(typeof linkMark === 'string' ? { linkMark } : {}),
      expiresAt: new Date(exp * 1000),
    };
  } catch {
    return null;
  }
}

/**
 * Where the teacher lands afterwards: a path on this site only (as src/lib/return-to.ts on the
 * page), so the return address can never send her to another site with her session.
 */
export function sameOriginPath(next: unknown): string {
  const home = '/index';
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  // Control characters (a tab or newline inside '//') are dropped by URL parsers: refused outright.
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return home;
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return home;
  }
  if (url.origin !== base || url.pathname === '/login' || url.pathname.startsWith('/login/') || url.pathname.startsWith('/notauthorized'))
    return home;
  // Normalising can make '//' out of what passed above ('/.//evil.example'): a browser reads that as another host.
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : home;
}
