/** The session area's SQL: sign-in, the caller, organisations, error reports and invitations. */
import type { CurrentUser, Organisation, PendingInvitation } from '../../../src/api/session/types';
import type { SessionUser } from '../../auth/session-user';
import type { Param, Queryable } from '../../db/database';
import { notFound } from '../../http-error';

/** Organisations with their counts (part 1 §3), filtered by a trusted WHERE clause. */
function organisationSummary(db: Queryable, where: string, params: Param[]): Promise<Organisation[]> {
  return db.query<Organisation>(
    `SELECT o.id, o.name, o.location, o.city, o.active,
            (SELECT count(*)::int FROM classrooms c WHERE c.organisation_id = o.id) AS "classroomCount",
            (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.organisation_id = o.id AND u.role = 'STUDENT') AS "studentCount",
            (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.organisation_id = o.id AND u.role <> 'STUDENT' AND m.active) AS "teacherCount"
       FROM organisations o
      WHERE ${where}
      ORDER BY o.name`,
    params,
  );
}

export const organisationById = (db: Queryable, id: number) => organisationSummary(db, 'o.id = $1', [id]);

export const organisationsOf = (db: Queryable, userId: number) =>
  organisationSummary(db, 'o.id IN (SELECT organisation_id FROM memberships WHERE user_id = $1 AND active)', [userId]);

export async function currentUser(db: Queryable, user: SessionUser): Promise<CurrentUser> {
  const [org] = await db.query<{ name: string }>(`SELECT name FROM organisations WHERE id = $1`, [user.organisationId]);
  if (!org) throw notFound();
  return {
    id: user.id,
    role: user.role,
    currentClassroomId: user.classroomId,
    currentOrganisationId: user.organisationId,
    email: user.email,
    name: user.name,
    organisationName: org.name,
    studyLevel: user.studyLevel,
  };
}

export async function isDemo(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'demo'`);
  return row?.value === 'true';
}

export async function userByEmail(db: Queryable, email: string): Promise<{ id: number; password_hash: string | null } | undefined> {
  const [user] = await db.query<{ id: number; password_hash: string | null }>(
    `SELECT id, password_hash FROM users WHERE lower(email) = $1`,
    [email],
  );
  return user;
}

/** `now` is the app's clock, which 'Inactieve leerlingen' (part 1 §2) compares last_login with. */
export async function markSignedIn(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query(`UPDATE users SET last_login = $2, last_active = $2 WHERE id = $1`, [userId, now]);
}

export async function insertErrorReport(
  db: Queryable,
  userId: number | null,
  report: { url: string; status?: number | null; message: string },
): Promise<void> {
  await db.query(`INSERT INTO error_reports (user_id, url, status, message) VALUES ($1, $2, $3, $4)`, [
    userId,
    report.url,
    report.status ?? null,
    report.message,
  ]);
}

/** Switches the caller's school when she is an active member of it; false when she is not. */
export async function switchOrganisation(db: Queryable, userId: number, organisationId: number): Promise<boolean> {
  const [member] = await db.query(`SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2 AND active`, [
    userId,
    organisationId,
  ]);
  if (!member) return false;
  await db.query(`UPDATE users SET current_organisation_id = $2, current_classroom_id = NULL WHERE id = $1`, [userId, organisationId]);
  return true;
}

export async function openInvitation(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ email: string; organisation_name: string; expires_at: Date; has_name: boolean } | undefined> {
  const [row] = await db.query<{ email: string; organisation_name: string; expires_at: Date; has_name: boolean }>(
    `SELECT u.email, o.name AS organisation_name, i.expires_at, u.name <> '' AS has_name
       FROM invitations i JOIN users u ON u.id = i.user_id JOIN organisations o ON o.id = i.organisation_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2`,
    [tokenHash, now],
  );
  return row;
}

/**
 * Claims the token and sets the password in one step, which makes the link single-use; any other
 * open invitation for the account is closed too. The invitee's e-mail, or null for a used token.
 */
export async function acceptInvitation(
  db: Queryable,
  tokenHash: string,
  passwordHash: string,
  now: Date,
  name = '',
): Promise<string | null> {
  const [claimed] = await db.query<{ user_id: number; organisation_id: number }>(
    `UPDATE invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, organisation_id`,
    [tokenHash, now],
  );
  if (!claimed) return null;
  const [user] = await db.query<{ email: string }>(
    `UPDATE users SET password_hash = $2, name = CASE WHEN $3 <> '' THEN $3 ELSE name END WHERE id = $1 RETURNING email`,
    [claimed.user_id, passwordHash, name],
  );
  // Using the link accepts the invitation: the membership stops being pending (29.1).
  await acceptMembership(db, claimed.user_id, claimed.organisation_id);
  await db.query(`UPDATE invitations SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [claimed.user_id, now]);
  return user?.email ?? '';
}

/** A LOGIN activity in each of this year's classes of a signed-in student; nothing for teachers. */
export async function recordStudentLogin(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO activities (organisation_id, classroom_id, user_id, type, created_at)
     SELECT c.organisation_id, c.id, u.id, 'LOGIN', $2
       FROM users u
       JOIN classroom_students cs ON cs.user_id = u.id
       JOIN classrooms c ON c.id = cs.classroom_id AND c.archived_at IS NULL
      WHERE u.id = $1 AND u.role = 'STUDENT'`,
    [userId, at],
  );
}

export async function passwordHashOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return row?.password_hash ?? null;
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, hash]);
}

/** Schools whose invitation this account has not accepted yet (29.1). */
export const pendingInvitationsOf = (db: Queryable, userId: number) =>
  db.query<PendingInvitation>(
    `SELECT o.id AS "organisationId", o.name AS "organisationName", m.invited_at AS "invitedAt"
       FROM memberships m JOIN organisations o ON o.id = m.organisation_id
      WHERE m.user_id = $1 AND m.pending
      ORDER BY o.name`,
    [userId],
  );

/** Accepts a pending membership: active from now on. False when there was none. */
export async function acceptMembership(db: Queryable, userId: number, organisationId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE memberships SET pending = false, active = true, inactive_since = NULL WHERE user_id = $1 AND organisation_id = $2 AND pending RETURNING 1`,
    [userId, organisationId],
  );
  return rows.length > 0;
}

/** Declines a pending membership: it goes, and the school sees the invitation no more. */
export async function declineMembership(db: Queryable, userId: number, organisationId: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM memberships WHERE user_id = $1 AND organisation_id = $2 AND pending RETURNING 1`, [
    userId,
    organisationId,
  ]);
  await db.query(`UPDATE invitations SET used_at = now() WHERE user_id = $1 AND organisation_id = $2 AND used_at IS NULL`, [
    userId,
    organisationId,
  ]);
  return rows.length > 0;
}
