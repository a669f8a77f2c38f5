/**
 * Access tokens: HS256 JWTs, short-lived, carrying only the user id. Refresh tokens: opaque random
 * strings stored as SHA-256 hashes, rotated on every use; a reused one revokes its whole family,
 * because reuse means a copy of the token is in someone else's hands.
 */
import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db/database';
import { unauthorized } from '../http-error';

export interface TokenSettings {
  secret: Uint8Array;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function signAccessToken(userId: number, s: TokenSettings): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + s.accessTokenTtl)
    .sign(s.secret);
}

// Given the raw bytes, jose imports a WebCrypto key on every call, a large share of a 304 poll's CPU;
// the key is imported once per secret instead. Verification itself (signature, exp) still runs every time.
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function verifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** The user id of a valid access token, or null. */
export async function verifyAccessToken(token: string, s: TokenSettings): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(s.secret), { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export async function issueRefreshToken(db: Queryable, userId: number, s: TokenSettings, familyId: string = randomUUID()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, familyId, sha256(token), s.refreshTokenTtl],
  );
  return token;
}

/** Rotates a refresh token: the old one is spent, a new one of the same family is returned. */
export async function rotateRefreshToken(db: Queryable, token: string, s: TokenSettings): Promise<{ userId: number; refreshToken: string }> {
  const [row] = await db.query<{ id: number; user_id: number; family_id: string; used_at: Date | null; revoked_at: Date | null; expired: boolean }>(
    `SELECT id, user_id, family_id, used_at, revoked_at, expires_at < now() AS expired FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [sha256(token)],
  );
  if (!row) throw unauthorized();
  if (row.used_at || row.revoked_at) {
    await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
    throw new ReuseDetected();
  }
  if (row.expired) throw unauthorized();
  await db.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [row.id]);
  return { userId: row.user_id, refreshToken: await issueRefreshToken(db, row.user_id, s, row.family_id) };
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
