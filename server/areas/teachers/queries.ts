/** The teachers area's SQL: colleagues of a school, their membership, and invitations. */
import type { Teacher } from '../../../src/api/teachers/types';
import type { Queryable } from '../../db/database';

export const teachersOf = (db: Queryable, organisationId: number) =>
  db.query<Teacher>(
    // Nothing about an invitee but the address she was invited at, until she accepts (29.1).
    `SELECT u.id, CASE WHEN m.pending THEN '' ELSE u.name END AS name, u.email,
            CASE WHEN m.pending THEN 'invited' WHEN m.active THEN 'active' ELSE 'inactive' END AS status
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND u.role <> 'STUDENT'
      ORDER BY lower(u.name), u.id`,
    [organisationId],
  );

/** A colleague's membership in the school, never a student's. */
export async function colleagueMembership(
  db: Queryable,
  organisationId: number,
  userId: number,
): Promise<{ active: boolean; pending: boolean } | undefined> {
  const [row] = await db.query<{ active: boolean; pending: boolean }>(
    `SELECT m.active, m.pending FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.organisation_id = $2 AND u.role <> 'STUDENT'`,
    [userId, organisationId],
  );
  return row;
}

export async function activateMembership(db: Queryable, organisationId: number, userId: number): Promise<void> {
  await db.query(
    `UPDATE memberships SET active = true, inactive_since = NULL WHERE user_id = $1 AND organisation_id = $2 AND NOT pending`,
    [userId, organisationId],
  );
}

export async function deactivateMembership(db: Queryable, organisationId: number, userId: number, at: Date): Promise<void> {
  await db.query(`UPDATE memberships SET active = false, inactive_since = $3 WHERE user_id = $1 AND organisation_id = $2 AND NOT pending`, [
    userId,
    organisationId,
    at,
  ]);
}

export async function organisationName(db: Queryable, organisationId: number): Promise<string | undefined> {
  const [org] = await db.query<{ name: string }>(`SELECT name FROM organisations WHERE id = $1`, [organisationId]);
  return org?.name;
}

export interface Invitee {
  id: number;
  role: string;
  has_password: boolean;
}

export async function userByEmail(db: Queryable, email: string): Promise<Invitee | undefined> {
  const [row] = await db.query<Invitee>(`SELECT id, role, password_hash IS NOT NULL AS has_password FROM users WHERE lower(email) = $1`, [
    email,
  ]);
  return row;
}

/** The membership of any user in the school, active or not. */
export async function membershipOf(
  db: Queryable,
  organisationId: number,
  userId: number,
): Promise<{ active: boolean; pending: boolean } | undefined> {
  const [row] = await db.query<{ active: boolean; pending: boolean }>(
    `SELECT active, pending FROM memberships WHERE user_id = $1 AND organisation_id = $2`,
    [userId, organisationId],
  );
  return row;
}

/** A new teacher account without a password, to be set from the invitation. */
export async function insertInvitee(db: Queryable, email: string, organisationId: number): Promise<Invitee | undefined> {
  const [row] = await db.query<Invitee>(
    `INSERT INTO users (email, name, role, current_organisation_id) VALUES ($1, '', 'ADMIN', $2) RETURNING id, role, false AS has_password`,
    [email, organisationId],
  );
  return row;
}

export async function addMembership(db: Queryable, organisationId: number, userId: number, invitedAt: Date): Promise<void> {
  // Pending (29.1): no access and nothing shown until the invitee accepts; a repeated invitation only renews the date.
  await db.query(
    `INSERT INTO memberships (user_id, organisation_id, active, pending, invited_at) VALUES ($1, $2, false, true, $3)
     ON CONFLICT (user_id, organisation_id) DO UPDATE SET invited_at = EXCLUDED.invited_at WHERE memberships.pending`,
    [userId, organisationId, invitedAt],
  );
  await db.query(`UPDATE users SET current_organisation_id = $2 WHERE id = $1 AND current_organisation_id IS NULL`, [
    userId,
    organisationId,
  ]);
}

export async function insertInvitation(
  db: Queryable,
  i: { tokenHash: string; userId: number; organisationId: number; invitedBy: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO invitations (token_hash, user_id, organisation_id, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [i.tokenHash, i.userId, i.organisationId, i.invitedBy, i.createdAt, i.expiresAt],
  );
}
