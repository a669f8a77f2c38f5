/** The school-year area's SQL: this year's classes and students as the plan reads them, and the year change itself. */
import type { ArchivedYear } from '../../../src/api/school-year/types';
import type { Queryable } from '../../db/database';
import { newAccessCode } from '../classrooms/access-code';
import type { CurrentClass, CurrentStudent, NewClassSpec } from './plan';

/** This year's classes (not archived) with their students and modules. */
export const currentClasses = (db: Queryable, organisationId: number) =>
  db.query<CurrentClass>(
    `SELECT c.id, c.name, c.default_study_level AS level, c.main_teacher_id AS "mainTeacherId", c.answers_activated AS "answersActivated",
            COALESCE((SELECT array_agg(cs.user_id ORDER BY cs.user_id) FROM classroom_students cs
                        JOIN memberships m ON m.user_id = cs.user_id AND m.organisation_id = c.organisation_id AND m.active
                       WHERE cs.classroom_id = c.id), '{}') AS "studentIds",
            COALESCE((SELECT array_agg(cc.chapter_id ORDER BY cc.chapter_id) FROM classroom_chapters cc WHERE cc.classroom_id = c.id), '{}') AS "chapterIds"
       FROM classrooms c
      WHERE c.organisation_id = $1 AND c.archived_at IS NULL
      ORDER BY c.name, c.id`,
    [organisationId],
  );

/** The school's active students with their classes of this year. */
export const currentStudents = (db: Queryable, organisationId: number) =>
  db.query<CurrentStudent>(
    `SELECT u.id, u.name, u.study_level AS level,
            COALESCE((SELECT array_agg(cs.classroom_id ORDER BY cs.classroom_id) FROM classroom_students cs
                        JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $1 AND c.archived_at IS NULL
                       WHERE cs.user_id = u.id), '{}') AS "classIds"
       FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1 AND m.active
      WHERE u.role = 'STUDENT'
      ORDER BY u.name, u.id`,
    [organisationId],
  );

export async function licensedChapters(db: Queryable, organisationId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`SELECT chapter_id AS id FROM licences WHERE organisation_id = $1 ORDER BY chapter_id`, [
    organisationId,
  ]);
  return rows.map((r) => r.id);
}

export async function lastApplied(db: Queryable, organisationId: number): Promise<{ name: string; appliedAt: string } | null> {
  const [row] = await db.query<{ name: string; applied_at: Date }>(
    `SELECT name, applied_at FROM school_years WHERE organisation_id = $1 ORDER BY name DESC LIMIT 1`,
    [organisationId],
  );
  return row ? { name: row.name, appliedAt: new Date(row.applied_at).toISOString() } : null;
}

/** Holds the school's row till the transaction ends: two year changes at once run one after the other. */
export async function lockSchool(db: Queryable, organisationId: number): Promise<void> {
  await db.query(`SELECT 1 FROM organisations WHERE id = $1 FOR UPDATE`, [organisationId]);
}

/** Makes one class of the new year with a fresh code (ON CONFLICT: a failed insert would abort the transaction). */
export async function insertYearClass(
  db: Queryable,
  organisationId: number,
  year: string,
  spec: NewClassSpec,
): Promise<{ id: number; accessCode: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await db.query<{ id: number; access_code: string }>(
      `INSERT INTO classrooms (organisation_id, name, access_code, main_teacher_id, default_study_level, answers_activated, school_year)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (access_code) DO NOTHING
       RETURNING id, access_code`,
      [organisationId, spec.name, newAccessCode(), spec.mainTeacherId, spec.level, spec.answersActivated, year],
    );
    if (!row) continue;
    await db.query(`INSERT INTO classroom_chapters (classroom_id, chapter_id) SELECT $1, unnest($2::int[])`, [row.id, spec.chapterIds]);
    await db.query(`INSERT INTO classroom_students (classroom_id, user_id) SELECT $1, unnest($2::int[])`, [row.id, spec.studentIds]);
    return { id: row.id, accessCode: row.access_code };
  }
  throw new Error('no free class code after 20 attempts');
}

/** Last year's classes become read-only history under their year; a teacher's current class moves to its successor. */
export async function archiveClasses(
  db: Queryable,
  organisationId: number,
  previousName: string,
  at: Date,
  successors: Map<number, number>,
  newIds: number[],
): Promise<void> {
  const [from, to] = [[...successors.keys()], [...successors.values()]];
  await db.query(
    `UPDATE users u SET current_classroom_id = s.new_id FROM unnest($1::int[], $2::int[]) AS s(old_id, new_id)
      WHERE u.current_classroom_id = s.old_id AND u.role <> 'STUDENT'`,
    [from, to],
  );
  await db.query(
    `UPDATE users SET current_classroom_id = NULL
      WHERE role <> 'STUDENT' AND current_classroom_id IN (SELECT id FROM classrooms WHERE organisation_id = $1 AND archived_at IS NULL AND NOT (id = ANY($2::int[])))`,
    [organisationId, newIds],
  );
  await db.query(
    `UPDATE classrooms SET archived_at = $2, school_year = COALESCE(school_year, $3) WHERE organisation_id = $1 AND archived_at IS NULL AND NOT (id = ANY($4::int[]))`,
    [organisationId, at, previousName, newIds],
  );
}

/** Students' class and learning path for the new year. */
export async function moveStudents(db: Queryable, moves: { id: number; classId: number | null; level: string | null }[]): Promise<void> {
  await db.query(
    // 0 and '' stand for none: the driver's array parameters carry no nulls.
    `UPDATE users u SET current_classroom_id = NULLIF(m.class_id, 0), study_level = COALESCE(NULLIF(m.level, ''), u.study_level)
       FROM unnest($1::int[], $2::int[], $3::text[]) AS m(id, class_id, level) WHERE u.id = m.id`,
    [moves.map((m) => m.id), moves.map((m) => m.classId ?? 0), moves.map((m) => m.level ?? '')],
  );
}

/** Leavers: no longer members of the school (their data stays until the retention date). */
export async function deactivateStudents(db: Queryable, organisationId: number, ids: number[], at: Date): Promise<void> {
  await db.query(
    `UPDATE memberships SET active = false, inactive_since = $3 WHERE organisation_id = $1 AND user_id = ANY($2::int[]) AND active`,
    [organisationId, ids, at],
  );
  await db.query(`UPDATE users SET current_classroom_id = NULL WHERE id = ANY($1::int[])`, [ids]);
}

export async function recordYear(
  db: Queryable,
  organisationId: number,
  name: string,
  startsOn: string,
  at: Date,
  by: number | null,
  summary: unknown,
): Promise<void> {
  await db.query(
    `INSERT INTO school_years (organisation_id, name, starts_on, applied_at, applied_by, summary) VALUES ($1, $2, $3, $4, $5, $6)`,
    [organisationId, name, startsOn, at, by, JSON.stringify(summary)],
  );
}

export const archivedYears = (db: Queryable, organisationId: number) =>
  db.query<ArchivedYear>(
    `SELECT school_year AS name, count(*)::int AS "classCount" FROM classrooms
      WHERE organisation_id = $1 AND archived_at IS NOT NULL GROUP BY school_year ORDER BY school_year DESC`,
    [organisationId],
  );
