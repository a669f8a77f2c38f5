/** The classrooms area's SQL: classes of a school as the Classroom entity (part 1 §3), their modules and students. */
import type { Classroom } from '../../../src/api/classrooms/types';
import type { SessionUser } from '../../auth/session-user';
import type { Param, Queryable } from '../../db/database';
import { notFound } from '../../http-error';
import { newAccessCode } from './access-code';

const CLASS_NOT_FOUND = 'Deze klas is niet gevonden.';

/** Classes of one school; `where` is a trusted fragment over classrooms c, its params from $2. */
export function loadClassrooms(db: Queryable, organisationId: number, where = 'TRUE', params: Param[] = []): Promise<Classroom[]> {
  return db.query<Classroom>(
    `SELECT c.id, c.name, c.main_teacher_id AS "mainTeacherId",
            COALESCE(NULLIF(t.name, ''), t.email, '') AS "mainTeacherName",
            c.access_code AS "accessCode", c.default_study_level AS "defaultStudyLevel", c.default_study_level AS "studyLevel",
            (SELECT count(*)::int FROM classroom_students cs WHERE cs.classroom_id = c.id) AS "studentCount",
            c.answers_activated AS "answersActivated",
            COALESCE((SELECT array_agg(cc.chapter_id ORDER BY cc.chapter_id) FROM classroom_chapters cc WHERE cc.classroom_id = c.id), '{}') AS chapters,
            c.hidden, CASE WHEN c.archived_at IS NULL THEN NULL ELSE c.school_year END AS "archivedYear"
       FROM classrooms c LEFT JOIN users t ON t.id = c.main_teacher_id
      WHERE c.organisation_id = $1 AND ${where}
      ORDER BY c.id`,
    [organisationId, ...params],
  );
}

/** One class of the caller's school, or 404. */
export async function classroomOf(db: Queryable, user: SessionUser, id: number): Promise<Classroom> {
  const [room] = await loadClassrooms(db, user.organisationId, 'c.id = $2', [id]);
  if (!room) throw notFound(CLASS_NOT_FOUND);
  return room;
}

export interface NewClassroom {
  organisationId: number;
  name: string;
  mainTeacherId: number;
  defaultStudyLevel: string;
  answersActivated: boolean;
}

/**
 * Inserts a class with a fresh code, trying again on the rare collision. ON CONFLICT instead of
 * catching the unique violation, because a failed statement would abort the surrounding transaction.
 */
export async function insertClassroom(db: Queryable, c: NewClassroom, generate: () => string = newAccessCode): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO classrooms (organisation_id, name, access_code, main_teacher_id, default_study_level, answers_activated)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (access_code) DO NOTHING
       RETURNING id`,
      [c.organisationId, c.name, generate(), c.mainTeacherId, c.defaultStudyLevel, c.answersActivated],
    );
    if (row) return row.id;
  }
  throw new Error('no free class code after 20 attempts');
}

export async function updateClassroom(db: Queryable, id: number, c: Omit<NewClassroom, 'organisationId'>): Promise<void> {
  await db.query(`UPDATE classrooms SET name = $2, main_teacher_id = $3, default_study_level = $4, answers_activated = $5 WHERE id = $1`, [
    id,
    c.name,
    c.mainTeacherId,
    c.defaultStudyLevel,
    c.answersActivated,
  ]);
}

/** The class's modules become exactly `chapters`. */
export async function setClassroomChapters(db: Queryable, id: number, chapters: number[], keepOthers: boolean): Promise<void> {
  if (!keepOthers)
    await db.query(`DELETE FROM classroom_chapters WHERE classroom_id = $1 AND NOT (chapter_id = ANY($2::int[]))`, [id, chapters]);
  await db.query(`INSERT INTO classroom_chapters (classroom_id, chapter_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
    id,
    chapters,
  ]);
}

export async function deleteClassroom(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE users SET current_classroom_id = NULL WHERE current_classroom_id = $1`, [id]);
  await db.query(`DELETE FROM classrooms WHERE id = $1`, [id]);
}

export async function isTeacherOf(db: Queryable, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.user_id = $2 AND m.active AND u.role <> 'STUDENT'`,
    [organisationId, userId],
  );
  return row !== undefined;
}

export async function existingChapters(db: Queryable, ids: number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chapters WHERE id = ANY($1::int[])`, [ids]);
  return row?.n ?? 0;
}

export async function sectionsWithChapters(db: Queryable) {
  const sections = await db.query<{ id: number; name: string; active: boolean }>(
    `SELECT id, name, active FROM sections ORDER BY position, id`,
  );
  const chapters = await db.query<{ id: number; name: string; section_id: number; first_lesson_id: number | null }>(
    `SELECT c.id, c.name, c.section_id,
            (SELECT l.id FROM lessons l WHERE l.chapter_id = c.id ORDER BY l.position, l.id LIMIT 1) AS first_lesson_id
       FROM chapters c ORDER BY c.position, c.id`,
  );
  return { sections, chapters };
}

export interface StudentRow {
  id: number;
  name: string;
  email: string;
  last_login: Date | null;
  is_external: boolean;
  classrooms: number[];
  last_lesson_id: number | null;
  last_lesson_name: string | null;
  last_chapter_name: string | null;
  last_active: Date | null;
  study_level: string | null;
}

/** Students of the caller's school; `where` is a trusted fragment over users u, its params from $2. */
function studentRows(db: Queryable, user: SessionUser, where: string, params: Param[] = []): Promise<StudentRow[]> {
  return db.query<StudentRow>(
    `SELECT u.id, u.name, u.email, u.last_login, u.is_external, u.last_lesson_id, u.last_active, u.study_level,
            l.title AS last_lesson_name, ch.name AS last_chapter_name,
            COALESCE((SELECT array_agg(cs.classroom_id ORDER BY cs.classroom_id)
                        FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $1 AND c.archived_at IS NULL
                       WHERE cs.user_id = u.id), '{}') AS classrooms
       FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1
       LEFT JOIN lessons l ON l.id = u.last_lesson_id
       LEFT JOIN chapters ch ON ch.id = l.chapter_id
      WHERE u.role = 'STUDENT' AND ${where}`,
    [user.organisationId, ...params],
  );
}

/** Part 1 §2 'Inactieve leerlingen': no sign-in (or, never signed in, no registration) since `since`. */
export const idleStudentRows = (db: Queryable, user: SessionUser, since: Date) =>
  studentRows(db, user, `(u.last_login < $2 OR (u.last_login IS NULL AND u.reg_date < $2))`, [since]);

export const orphanStudentRows = (db: Queryable, user: SessionUser) =>
  studentRows(
    db,
    user,
    // Last year's classes (archived, issue 31) do not count: a student only there has no class now.
    // A student who left the school at the year change (membership inactive) is no longer one of hers.
    `m.active AND NOT EXISTS (SELECT 1 FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
                  WHERE cs.user_id = u.id AND c.organisation_id = $1 AND c.archived_at IS NULL)`,
  );

export const classroomStudentRows = (db: Queryable, user: SessionUser, classroomId: number) =>
  studentRows(db, user, `EXISTS (SELECT 1 FROM classroom_students cs WHERE cs.user_id = u.id AND cs.classroom_id = $2)`, [classroomId]);

/** Moves students to another class; a student whose current class was the old one continues in the new one. */
export async function moveStudents(db: Queryable, ids: number[], from: number, to: number): Promise<void> {
  await db.query(`DELETE FROM classroom_students WHERE classroom_id = $1 AND user_id = ANY($2::int[])`, [from, ids]);
  await db.query(`INSERT INTO classroom_students (classroom_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [to, ids]);
  await db.query(
    `UPDATE users SET current_classroom_id = $1 WHERE id = ANY($2::int[]) AND (current_classroom_id = $3 OR current_classroom_id IS NULL)`,
    [to, ids, from],
  );
}

/**
 * Whether another class of the school already has this name, ignoring case and spaces (so '1B' and
 * ' 1b ' are one name in the class selector). Locks the school's row first: two saves of the same
 * new name at once are checked one after the other within their transactions.
 */
export async function classNameTaken(db: Queryable, organisationId: number, name: string, exceptId: number): Promise<boolean> {
  await db.query(`SELECT 1 FROM organisations WHERE id = $1 FOR UPDATE`, [organisationId]);
  const [row] = await db.query(
    `SELECT 1 FROM classrooms
      WHERE organisation_id = $1 AND id <> $3 AND archived_at IS NULL
        AND lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) = lower(regexp_replace(btrim($2), '\\s+', ' ', 'g'))`,
    [organisationId, name, exceptId],
  );
  return row !== undefined;
}

/** Every module of the method's active subjects: a new class's modules where teachers do not choose them. */
export async function activeChapterIds(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT c.id FROM chapters c JOIN sections s ON s.id = c.section_id WHERE s.active ORDER BY c.position, c.id`,
  );
  return rows.map((r) => r.id);
}

/** Holds the row till the transaction ends, so a merge with `base` reads what it writes over (issue 36). */
export async function lockClassroom(db: Queryable, id: number): Promise<void> {
  await db.query(`SELECT 1 FROM classrooms WHERE id = $1 FOR UPDATE`, [id]);
}
