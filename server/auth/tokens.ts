/**
 * Access tokens: HS256 JWTs, short-lived, carrying the user id and the session: the id of the
 * refresh token issued with it (`sid`). The caller lookup refuses a token whose refresh token was
 * revoked, and a revocation always covers the whole family, so logout ends the session's access
 * tokens at once (session-user.ts). Refresh tokens: opaque random
 * strings stored as SHA-256 hashes, rotated on every use; a reused one revokes its whole family,
 * because reuse means a copy of the token is in someone else's hands. Every instant that decides
 * something (expiry, the repeat window) is the app's clock, like the access token's, so tests move it
 * instead of sleeping; a revocation's stamp is only ever tested for NULL and stays the database's.
 */
import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db/database';
import { unauthorized } from '../http-error';
import { TOKEN_VERIFIED_MS } from '../constants';

export interface TokenSettings {
  secret: Uint8Array;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** The app's clock (AppContext.now): access tokens are minted and checked by it, so tests move it instead of waiting. */
  now: () => Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function signAccessToken(userId: number, sessionId: number, s: TokenSettings): Promise<string> {
  const now = s.now();
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(Math.floor(now.getTime() / 1000) + s.accessTokenTtl)
    .sign(s.secret);
}

// Given the raw bytes, jose imports a WebCrypto key on every call; the key is imported once per secret instead.
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function verifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

// Tokens whose signature was right are kept TOKEN_VERIFIED_MS (server/constants.ts says why that is
// safe), at most this many: 15,000 teachers polling at once fit; about 250 bytes each.
const MAX_VERIFIED = 20_000;

/** Who an access token speaks for: the user and the refresh token it came with. */
export interface TokenCaller {
  userId: number;
  sessionId: number;
}

interface Verified extends TokenCaller {
  /** The token's exp, in seconds since the epoch. */
  exp: number;
  until: number;
}

const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

function verifiedFor(secret: Uint8Array): Map<string, Verified> {
  let map = verifiedBySecret.get(secret);
  if (!map) verifiedBySecret.set(secret, (map = new Map()));
  return map;
}

/** The caller of a valid access token, or null. A token without a session (before 008) is refused. */
export async function verifyAccessToken(token: string, s: TokenSettings): Promise<TokenCaller | null> {
  const current = s.now();
  const now = current.getTime();
  const verified = verifiedFor(s.secret);
  const hit = verified.get(token);
  // As jose: expired once exp <= now in whole seconds.
  if (hit && now < hit.until) return Math.floor(now / 1000) < hit.exp ? { userId: hit.userId, sessionId: hit.sessionId } : null;
  try {
    const { payload } = await jwtVerify(token, await verifyKey(s.secret), { algorithms: ['HS256'], currentDate: current });
    const id = Number(payload.sub);
    const sid = payload.sid;
    if (!Number.isSafeInteger(id) || id <= 0 || typeof sid !== 'number' || !Number.isSafeInteger(sid) || sid <= 0) return null;
    verified.delete(token);
    verified.set(token, { userId: id, sessionId: sid, exp: payload.exp ?? Infinity, until: now + TOKEN_VERIFIED_MS });
    // Oldest first out (a Map keeps insertion order).
    if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    return { userId: id, sessionId: sid };
  } catch {
    return null;
  }
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** A refresh token of the family (a new session without one) and an access token tied to it. */
export async function issueTokens(db: Queryable, userId: number, s: TokenSettings, familyId: string = randomUUID()): Promise<TokenPair> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(s.now().getTime() + s.refreshTokenTtl * 1000);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, familyId, sha256(token), expires],
  );
  if (!row) throw new Error('refresh token not stored');
  return { accessToken: await signAccessToken(userId, row.id, s), refreshToken: token };
}

/** How long a refresh whose answer was lost may be repeated with its Idempotency-Key. */
const REPEAT_WINDOW = "interval '5 minutes'";

/**
 * Rotates a refresh token: the old one is spent, a new one of the same family is returned. Using a
 * spent token again revokes the family, with one exception: the same request repeated (same
 * `rotationKey`, within minutes, while no newer token of the family has been used), because its
 * answer was lost on the way. Then the unused successors are revoked and a fresh one is issued.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  s: TokenSettings,
  rotationKey?: string,
): Promise<TokenPair & { userId: number }> {
  const now = s.now();
  const [row] = await db.query<{
    id: number;
    user_id: number;
    family_id: string;
    used_at: Date | null;
    revoked_at: Date | null;
    key_hash: string | null;
    recent: boolean;
    expired: boolean;
  }>(
    `SELECT id, user_id, family_id, used_at, revoked_at, rotation_key_hash AS key_hash, used_at > $2::timestamptz - ${REPEAT_WINDOW} AS recent, expires_at < $2 AS expired
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [sha256(token), now],
  );
  if (!row) throw unauthorized();
  if (row.used_at && !row.revoked_at && rotationKey && row.key_hash === sha256(rotationKey) && row.recent) {
    const [later] = await db.query<{ used: number }>(
      `SELECT count(*) FILTER (WHERE used_at IS NOT NULL)::int AS used FROM refresh_tokens WHERE family_id = $1 AND id > $2`,
      [row.family_id, row.id],
    );
    if (later?.used === 0) {
      await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND id > $2 AND revoked_at IS NULL`, [
        row.family_id,
        row.id,
      ]);
      return { userId: row.user_id, ...(await issueTokens(db, row.user_id, s, row.family_id)) };
    }
  }
  if (row.used_at || row.revoked_at) {
    await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
    throw new ReuseDetected();
  }
  if (row.expired) throw unauthorized();
  await db.query(`UPDATE refresh_tokens SET used_at = $3, rotation_key_hash = $2 WHERE id = $1`, [
    row.id,
    rotationKey ? sha256(rotationKey) : null,
    now,
  ]);
  return { userId: row.user_id, ...(await issueTokens(db, row.user_id, s, row.family_id)) };
}

/** Thrown after the family was revoked; the revocation must be committed, so it is not a rollback. */
export class ReuseDetected extends Error {}

export async function revokeFamilyOf(db: Queryable, token: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [sha256(token)],
  );
}

export async function revokeAllOf(db: Queryable, userId: number): Promise<void> {
  await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
}

/** Ends one session: the family of the refresh token the access token came with (`sid`). */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE id = $1)`,
    [sessionId],
  );
}

/** Ends every session of the user but the one of `sessionId` (a password change on this device). */
export async function revokeOtherSessions(db: Queryable, userId: number, sessionId: number): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND family_id <> (SELECT family_id FROM refresh_tokens WHERE id = $2)`,
    [userId, sessionId],
  );
}
