/** The students area's SQL: a student of the caller's school, the student form, deletion and quiz results. */
import type { Role } from '../../../src/api/shared-types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { badRequest, notFound } from '../../http-error';
import type { PortfolioPlaceRow } from '../portfolios/options';

export const STUDENT_NOT_FOUND = 'Deze leerling is niet gevonden.';
const STUDENTS_NOT_FOUND = 'Een of meer gekozen leerlingen zijn niet gevonden op deze school.';
const NONE_CHOSEN = 'Kies minstens één leerling.';

/** Checks that every id is a student of the caller's school: 400 for none, 404 for a stranger. */
export async function studentIdsOf(db: Queryable, user: SessionUser, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest(NONE_CHOSEN, { users: NONE_CHOSEN });
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1
      WHERE u.role = 'STUDENT' AND u.id = ANY($2::int[])`,
    [user.organisationId, unique],
  );
  if (row?.n !== unique.length) throw notFound(unique.length === 1 ? STUDENT_NOT_FOUND : STUDENTS_NOT_FOUND);
  return unique;
}

export async function portfolioCountOf(db: Queryable, ids: number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM portfolio_items WHERE user_id = ANY($1::int[])`, [ids]);
  return row?.n ?? 0;
}

/** 404 unless `userId` is a member of the school (`studentsOnly`: and a student). */
export async function requireMember(db: Queryable, organisationId: number, userId: number, studentsOnly: boolean): Promise<void> {
  const [row] = await db.query(
    // Not a pending invitee (29.1): the inviting school sees nothing of her before she accepts.
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1 AND m.organisation_id = $2 AND NOT m.pending AND ($3 OR u.role = 'STUDENT')`,
    [userId, organisationId, !studentsOnly],
  );
  if (!row) throw notFound(STUDENT_NOT_FOUND);
}

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  study_level: string | null;
  is_external: boolean;
  can_switch_study_level: boolean;
  last_login: Date | null;
  last_active: Date | null;
  last_lesson_id: number | null;
  last_lesson_image: string | null;
  last_lesson_name: string | null;
  reg_date: Date;
  active: boolean;
  org_id: number;
  org_name: string;
  org_location: string;
}

export async function userRow(db: Queryable, organisationId: number, id: number): Promise<UserRow> {
  const [row] = await userRows(db, organisationId, [id]);
  if (!row) throw notFound(STUDENT_NOT_FOUND);
  return row;
}

/** userRow of several users of the school at once; the ones not found are left out. */
export const userRows = (db: Queryable, organisationId: number, ids: readonly number[]) =>
  db.query<UserRow>(
    `SELECT u.id, u.email, u.name, u.role, u.study_level, u.is_external, u.can_switch_study_level, u.last_login, u.last_active,
            u.last_lesson_id, l.image AS last_lesson_image, l.title AS last_lesson_name, u.reg_date, m.active,
            o.id AS org_id, o.name AS org_name, o.location AS org_location
       FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $2 AND NOT m.pending
       JOIN organisations o ON o.id = m.organisation_id
       LEFT JOIN lessons l ON l.id = u.last_lesson_id
      WHERE u.id = ANY($1::int[])`,
    [[...ids], organisationId],
  );

/** Which of `ids` are members of the school (requireMember for many): the rest are as unknown as a wrong id. */
export async function membersAmong(
  db: Queryable,
  organisationId: number,
  ids: readonly number[],
  studentsOnly: boolean,
): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(
    `SELECT m.user_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.user_id = ANY($1::int[]) AND m.organisation_id = $2 AND NOT m.pending AND ($3 OR u.role = 'STUDENT')`,
    [[...ids], organisationId, !studentsOnly],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Classes of this school only: a student's class in another school is none of this school's business.
 * This year's only: the profile's class picker edits them, and last year's (archived, issue 31) stay
 * as they were, under 'Vorige schooljaren'. Students by their class lists, colleagues by the classes
 * they lead; for several users at once.
 */
export async function classesOfMany(
  db: Queryable,
  organisationId: number,
  rows: readonly Pick<UserRow, 'id' | 'role'>[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const students = rows.filter((r) => r.role === 'STUDENT').map((r) => r.id);
  const others = rows.filter((r) => r.role !== 'STUDENT').map((r) => r.id);
  const found = await db.query<{ user_id: number; id: number; name: string }>(
    `SELECT cs.user_id, c.id, c.name FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
      WHERE cs.user_id = ANY($1::int[]) AND c.organisation_id = $2 AND c.archived_at IS NULL
     UNION ALL
     SELECT main_teacher_id, id, name FROM classrooms WHERE main_teacher_id = ANY($3::int[]) AND organisation_id = $2 AND archived_at IS NULL
     ORDER BY 3, 2`,
    [students, organisationId, others],
  );
  const byUser = new Map(rows.map((r) => [r.id, [] as { id: number; name: string }[]]));
  for (const f of found) byUser.get(f.user_id)?.push({ id: f.id, name: f.name });
  return byUser;
}

export async function emailTakenByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
  const [taken] = await db.query(`SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2`, [email, userId]);
  return taken !== undefined;
}

/** How many of `ids` are this year's classes of the school (an archived class takes no new students). */
export async function countSchoolClassrooms(db: Queryable, organisationId: number, ids: number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM classrooms WHERE organisation_id = $1 AND id = ANY($2::int[]) AND archived_at IS NULL`,
    [organisationId, ids],
  );
  return row?.n ?? 0;
}

export async function passwordHashOf(db: Queryable, userId: number): Promise<string | null> {
  const [own] = await db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return own?.password_hash ?? null;
}

export async function updateProfile(
  db: Queryable,
  id: number,
  p: { email: string; name: string; studyLevel: string | null },
): Promise<void> {
  await db.query(`UPDATE users SET email = $2, name = $3, study_level = $4 WHERE id = $1`, [id, p.email, p.name, p.studyLevel]);
}

/**
 * Replaces the student's class links of this year within this school only (last year's, archived,
 * stay: they are her history); her current class stays one of hers.
 */
export async function replaceClasses(db: Queryable, studentId: number, organisationId: number, classrooms: number[]): Promise<void> {
  await db.query(
    `DELETE FROM classroom_students WHERE user_id = $1
        AND classroom_id IN (SELECT id FROM classrooms WHERE organisation_id = $2 AND archived_at IS NULL) AND NOT (classroom_id = ANY($3::int[]))`,
    [studentId, organisationId, classrooms],
  );
  await db.query(`INSERT INTO classroom_students (classroom_id, user_id) SELECT unnest($2::int[]), $1 ON CONFLICT DO NOTHING`, [
    studentId,
    classrooms,
  ]);
  await db.query(
    `WITH mine AS (SELECT cs.classroom_id FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id AND c.archived_at IS NULL WHERE cs.user_id = $1)
     UPDATE users SET current_classroom_id = (SELECT min(classroom_id) FROM mine)
      WHERE id = $1 AND (current_classroom_id IS NULL OR current_classroom_id NOT IN (SELECT classroom_id FROM mine))`,
    [studentId],
  );
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, hash]);
}

export const quizResultRows = (db: Queryable, organisationId: number, userIds: readonly number[]) =>
  db.query<{ user_id: number; created_at: Date; title: string; type: string; good: number; total: number }>(
    `SELECT user_id, created_at, title, type, good, total FROM quiz_results WHERE user_id = ANY($1::int[]) AND organisation_id = $2
      ORDER BY created_at DESC, id DESC`,
    [[...userIds], organisationId],
  );

/** What the student's portfolio holds, for the filters of the portfolio tab. */
export const portfolioOptionRows = (db: Queryable, organisationId: number, userIds: readonly number[]) =>
  db.query<PortfolioPlaceRow & { user_id: number }>(
    `SELECT p.user_id, c.id AS class_id, c.name AS class_name, s.id AS section_id, s.name AS section_name, ch.id AS chapter_id,
            ch.name AS chapter_name, l.id AS lesson_id, l.title AS lesson_title
       FROM portfolio_items p LEFT JOIN classrooms c ON c.id = p.classroom_id JOIN lessons l ON l.id = p.lesson_id
       JOIN chapters ch ON ch.id = l.chapter_id JOIN sections s ON s.id = ch.section_id
      WHERE p.organisation_id = $1 AND p.user_id = ANY($2::int[])
      ORDER BY s.position, ch.position, l.position`,
    [organisationId, [...userIds]],
  );

/** Holds the row till the transaction ends, so a merge with `base` reads what it writes over (issue 36). */
export async function lockUser(db: Queryable, id: number): Promise<void> {
  await db.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [id]);
}
