import type { FastifyRequest } from 'fastify';
import type { Role } from '../../src/api/shared-types';
import type { Database, Prepared } from '../db/database';
import { verifyAccessToken, type TokenCaller, type TokenSettings } from './tokens';

/** The signed-in caller as every route sees it; organisationId scopes every query. */
export interface SessionUser {
  id: number;
  role: Role;
  email: string;
  name: string;
  organisationId: number;
  classroomId: number | null;
  studyLevel: string | null;
  /**
   * Whether her school has licences this school year (part 1 §2), when the lookup read it anyway: a
   * queued write then needs no second round trip to check it (registry.ts, requireActiveSchool).
   */
  schoolActive?: boolean;
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** What a caller lookup must select; a route's own lookup (SessionLoader) adds its columns to it. */
export interface SessionUserRow {
  id: number;
  role: Role;
  email: string;
  name: string;
  organisation_id: number;
  current_classroom_id: number | null;
  study_level: string | null;
}

/**
 * The caller lookup as SQL pieces, so a hot route can fetch its own first rows in the same round trip
 * (see registry.ts) with exactly the same checks: an active membership of the current school.
 */
export const SESSION_USER_SELECT = `u.id, u.role, u.email, u.name, m.organisation_id, u.current_classroom_id, u.study_level`;
export const SESSION_USER_FROM = `users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = u.current_organisation_id AND m.active`;
/**
 * With $1 the user id and $2 the token's session: the refresh token the access token came with is
 * not revoked (logout, reuse and a password change revoke whole families), so logging out ends the
 * session's access tokens at once. A primary-key probe: cheap on the hot path.
 */
export const SESSION_USER_WHERE = `u.id = $1 AND EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.id = $2 AND t.user_id = u.id AND t.revoked_at IS NULL)`;

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    name: row.name,
    organisationId: row.organisation_id,
    classroomId: row.current_classroom_id,
    studyLevel: row.study_level,
  };
}

// Every signed-in request runs it: prepared, so it is planned once (half the time on PGlite).
const SESSION_USER: Prepared = {
  name: 'caller_by_session',
  text: `SELECT ${SESSION_USER_SELECT} FROM ${SESSION_USER_FROM} WHERE ${SESSION_USER_WHERE}`,
};

/** Loads a caller whose token was verified; null when deactivated, removed from the school or logged out. */
export async function loadCaller(db: Database, caller: TokenCaller): Promise<SessionUser | null> {
  const [row] = await db.prepared<SessionUserRow>(SESSION_USER, [caller.userId, caller.sessionId]);
  return row ? toSessionUser(row) : null;
}

/**
 * Loads the caller from the token and the database on every request, so a teacher set inactive or
 * removed from a school loses access at once rather than when the token expires.
 */
export async function loadSessionUser(db: Database, token: string, s: TokenSettings): Promise<SessionUser | null> {
  const caller = await verifyAccessToken(token, s);
  return caller ? loadCaller(db, caller) : null;
}

/** The caller as a member of one given school, and what she is there: none, inactive or active. */
export interface SchoolCaller {
  user: SessionUser;
  membership: 'none' | 'inactive' | 'active';
  /** Whether that school is her current one. */
  currentSchool: boolean;
  /** The school's name, only when she is or was a member: a refusal must not tell her other schools' names. */
  schoolName: string | null;
}

interface SchoolCallerRow extends Omit<SessionUserRow, 'organisation_id'> {
  current_organisation_id: number | null;
  member_active: boolean | null;
  school_name: string | null;
  school_active: number | null;
}

// A change carries the school it was made in (X-Organisation-Id); the same session checks as
// SESSION_USER, but the membership of that school instead of the current one.
const CALLER_IN_SCHOOL: Prepared = {
  name: 'caller_in_school',
  text: `SELECT u.id, u.role, u.email, u.name, u.current_organisation_id, u.current_classroom_id, u.study_level,
                m.active AS member_active, o.name AS school_name, o.active AS school_active
           FROM users u
           LEFT JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $3
           LEFT JOIN organisations o ON o.id = m.organisation_id
          WHERE ${SESSION_USER_WHERE}`,
};

/** Loads a verified caller for the school a change was made in; null when the session has ended. */
export async function loadCallerIn(db: Database, caller: TokenCaller, organisationId: number): Promise<SchoolCaller | null> {
  const [row] = await db.prepared<SchoolCallerRow>(CALLER_IN_SCHOOL, [caller.userId, caller.sessionId, organisationId]);
  if (!row) return null;
  const user: SessionUser = {
    ...toSessionUser({
      ...row,
      organisation_id: organisationId,
      // Her current class belongs to her current school; in another school she has none.
      current_classroom_id: row.current_organisation_id === organisationId ? row.current_classroom_id : null,
    }),
    schoolActive: row.school_active === 1,
  };
  const membership = row.member_active === null ? 'none' : row.member_active ? 'active' : 'inactive';
  return {
    user,
    membership,
    currentSchool: row.current_organisation_id === organisationId,
    schoolName: membership === 'none' ? null : row.school_name,
  };
}

/** The session (`sid`) of the request's access token; the registry has verified it already (cached). */
export async function sessionIdOf(req: FastifyRequest, s: TokenSettings): Promise<number | null> {
  const token = bearerToken(req);
  return token ? ((await verifyAccessToken(token, s))?.sessionId ?? null) : null;
}
