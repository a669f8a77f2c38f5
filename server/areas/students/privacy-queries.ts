/**
 * The students area's privacy SQL (issue 31.2): everything held about one student for the export,
 * the counts and the deletion, the retention date and the access log. Students belong to one school
 * (001-schema.sql, memberships), so deleting her means deleting the account.
 */
import type { ErasureCounts } from '../../../src/api/students/types';
import type { Queryable } from '../../db/database';

/** Her last sign of life: the retention months count from here (docs/privacy.md). */
const LAST_ACTIVITY = `greatest(u.last_login, u.last_active, u.reg_date, m.inactive_since)`;

export interface RetentionRow {
  last_activity: Date;
  active: boolean;
}

/** The retention rows of several students of the school, for the 'Inactieve leerlingen' list. */
export const retentionRows = (db: Queryable, organisationId: number, ids: number[]) =>
  db.query<RetentionRow & { id: number }>(
    `SELECT u.id, ${LAST_ACTIVITY} AS last_activity, m.active FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1
      WHERE u.id = ANY($2::int[]) AND u.role = 'STUDENT'`,
    [organisationId, ids],
  );

/** Students of any school whose last activity is before `cutoff`: due for deletion. */
export const studentsDueForDeletion = (db: Queryable, cutoff: Date) =>
  db.query<{ id: number; organisation_id: number }>(
    `SELECT u.id, m.organisation_id FROM users u JOIN memberships m ON m.user_id = u.id
      WHERE u.role = 'STUDENT' AND ${LAST_ACTIVITY} < $1 ORDER BY u.id`,
    [cutoff],
  );

export const studentProfileRow = (db: Queryable, organisationId: number, studentId: number) =>
  db.query(
    `SELECT u.id, u.email, u.name, u.role, u.study_level, u.is_external, u.can_switch_study_level, u.last_login, u.last_active,
            u.last_lesson_id, u.reg_date, u.created_at, m.active AS active_in_school, m.inactive_since,
            o.name AS school, o.location AS school_location
       FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1 JOIN organisations o ON o.id = m.organisation_id
      WHERE u.id = $2`,
    [organisationId, studentId],
  );

/** Every table of hers, as rows for the export (JSON in the ZIP). Only this school's rows. */
export async function studentRecords(db: Queryable, organisationId: number, studentId: number) {
  const p = [organisationId, studentId];
  return {
    classes: await db.query(
      `SELECT c.id, c.name FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
        WHERE c.organisation_id = $1 AND cs.user_id = $2 ORDER BY c.name`,
      p,
    ),
    activities: await db.query(
      `SELECT a.id, a.type, a.created_at, c.name AS class, l.title AS lesson FROM activities a LEFT JOIN classrooms c ON c.id = a.classroom_id
         LEFT JOIN lessons l ON l.id = a.lesson_id WHERE a.organisation_id = $1 AND a.user_id = $2 ORDER BY a.id`,
      p,
    ),
    quizResults: await db.query(
      `SELECT q.id, q.title, q.type, q.good, q.total, q.created_at, l.title AS lesson FROM quiz_results q LEFT JOIN lessons l ON l.id = q.lesson_id
        WHERE q.organisation_id = $1 AND q.user_id = $2 ORDER BY q.created_at, q.id`,
      p,
    ),
    checkRequests: await db.query(
      `SELECT r.id, r.status, r.created_at, r.decided_at, d.email AS decided_by, l.title AS lesson, c.name AS class
         FROM check_requests r JOIN lessons l ON l.id = r.lesson_id LEFT JOIN classrooms c ON c.id = r.classroom_id LEFT JOIN users d ON d.id = r.decided_by
        WHERE r.organisation_id = $1 AND r.student_id = $2 ORDER BY r.id`,
      p,
    ),
    portfolioItems: await db.query<{ id: number }>(
      `SELECT p.id, l.title AS lesson, c.name AS class, p.study_level, p.submitted_at, p.created_at, p.updated_at
         FROM portfolio_items p JOIN lessons l ON l.id = p.lesson_id LEFT JOIN classrooms c ON c.id = p.classroom_id
        WHERE p.organisation_id = $1 AND p.user_id = $2 ORDER BY p.id`,
      p,
    ),
    portfolioBlocks: await db.query<{ id: number; portfolio_item_id: number }>(
      `SELECT b.id, b.portfolio_item_id, b.key, b.type, b.status AS grade, g.email AS graded_by, b.is_submitted, b.position
         FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id LEFT JOIN users g ON g.id = b.graded_by
        WHERE p.organisation_id = $1 AND p.user_id = $2 ORDER BY b.portfolio_item_id, b.position, b.id`,
      p,
    ),
    blockItems: await db.query<{ block_id: number; file_id: string | null }>(
      `SELECT bi.block_id, bi.index_number, bi.description, bi.subtitle, bi.value, bi.file_id
         FROM portfolio_block_items bi JOIN portfolio_blocks b ON b.id = bi.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id
        WHERE p.organisation_id = $1 AND p.user_id = $2 ORDER BY bi.block_id, bi.index_number, bi.id`,
      p,
    ),
    feedback: await db.query<{ block_id: number }>(
      `SELECT f.block_id, f.message, t.email AS teacher, f.created_at, f.read_at
         FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id
         LEFT JOIN users t ON t.id = f.teacher_id
        WHERE p.organisation_id = $1 AND p.user_id = $2 ORDER BY f.id`,
      p,
    ),
    accessLog: await db.query(
      `SELECT created_at, actor_email AS who, action, subject FROM student_access_log WHERE organisation_id = $1 AND student_id = $2 ORDER BY id`,
      p,
    ),
  };
}

export interface StudentFile {
  id: string;
  filename: string;
  mime: string;
  size: number;
  storage_key: string;
}

/**
 * Her files: the ones her portfolio holds and the ones she uploaded, never a file a document or an
 * exam uses. `onlyHers` (for the deletion): also none that another student's portfolio still holds.
 */
export const studentFiles = (db: Queryable, organisationId: number, studentId: number, onlyHers = false) =>
  db.query<StudentFile>(
    `SELECT f.id, f.filename, f.mime, f.size, f.storage_key FROM files f
      WHERE (f.owner_id = $2 OR f.id IN (
              SELECT bi.file_id FROM portfolio_block_items bi JOIN portfolio_blocks b ON b.id = bi.block_id
                JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE p.organisation_id = $1 AND p.user_id = $2))
        AND (f.organisation_id IS NULL OR f.organisation_id = $1)
        AND NOT EXISTS (SELECT 1 FROM document_files d WHERE d.file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM exams e WHERE e.content_file_id = f.id OR e.answer_file_id = f.id)
        AND NOT ($3 AND EXISTS (
              SELECT 1 FROM portfolio_block_items bi JOIN portfolio_blocks b ON b.id = bi.block_id
                JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE bi.file_id = f.id AND p.user_id <> $2))
      ORDER BY f.created_at, f.id`,
    [organisationId, studentId, onlyHers],
  );

export async function erasureCounts(db: Queryable, organisationId: number, studentId: number): Promise<ErasureCounts> {
  const [row] = await db.query<Omit<ErasureCounts, 'files'>>(
    `SELECT
       (SELECT count(*)::int FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id WHERE c.organisation_id = $1 AND cs.user_id = $2) AS "classes",
       (SELECT count(*)::int FROM portfolio_items WHERE organisation_id = $1 AND user_id = $2) AS "portfolioItems",
       (SELECT count(*)::int FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id
         WHERE p.organisation_id = $1 AND p.user_id = $2) AS "feedback",
       (SELECT count(*)::int FROM quiz_results WHERE organisation_id = $1 AND user_id = $2) AS "quizResults",
       (SELECT count(*)::int FROM check_requests WHERE organisation_id = $1 AND student_id = $2) AS "checkRequests",
       (SELECT count(*)::int FROM activities WHERE organisation_id = $1 AND user_id = $2) AS "activities"`,
    [organisationId, studentId],
  );
  return { ...(row as Omit<ErasureCounts, 'files'>), files: (await studentFiles(db, organisationId, studentId, true)).length };
}

/**
 * Deletes the account and every row that names her (the cascades of 001-schema.sql, the stored
 * answers of 016's trigger) plus what no foreign key reaches: her file rows, her error reports and
 * her attempt counters. The file bytes are the caller's to delete after the commit.
 */
export async function eraseStudentRows(db: Queryable, studentId: number, fileIds: string[]): Promise<void> {
  await db.query(`DELETE FROM portfolio_items WHERE user_id = $1`, [studentId]);
  await db.query(`DELETE FROM files WHERE id = ANY($1::text[])`, [fileIds]);
  await db.query(`DELETE FROM error_reports WHERE user_id = $1`, [studentId]);
  // Counters keyed by her id, and the sign-in counter keyed by her address (server/auth/sign-in.ts), in any case.
  await db.query(
    `DELETE FROM rate_limits WHERE key LIKE $1 OR lower(key) IN (SELECT 'sign-in:account:' || lower(email) FROM users WHERE id = $2)`,
    [`%:user:${studentId}`, studentId],
  );
  await db.query(`DELETE FROM users WHERE id = $1 AND role = 'STUDENT'`, [studentId]);
}

type AccessAction = 'VIEW' | 'CHANGE' | 'EXPORT';
type AccessSubject = 'PROFILE' | 'PORTFOLIO' | 'RESULTS' | 'DATA';

export async function addAccessLog(
  db: Queryable,
  row: {
    organisationId: number;
    studentId: number;
    actorId: number;
    actorEmail: string;
    action: AccessAction;
    subject: AccessSubject;
  },
  now: Date,
  quietMs: number,
): Promise<void> {
  // A view repeated within quietMs (a reload, the 5 s poll's refetch) is one view: the log says who, not how often.
  await db.query(
    `INSERT INTO student_access_log (organisation_id, student_id, actor_id, actor_email, action, subject, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7
      WHERE $5 <> 'VIEW' OR NOT EXISTS (
        SELECT 1 FROM student_access_log WHERE student_id = $2 AND actor_id = $3 AND action = $5 AND subject = $6 AND created_at > $8)`,
    [row.organisationId, row.studentId, row.actorId, row.actorEmail, row.action, row.subject, now, new Date(now.getTime() - quietMs)],
  );
}

/** addAccessLog for many students and subjects of one actor, in one statement. */
export async function addAccessLogRows(
  db: Queryable,
  actor: { organisationId: number; actorId: number; actorEmail: string },
  rows: readonly { studentId: number; action: AccessAction; subject: AccessSubject }[],
  now: Date,
  quietMs: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO student_access_log (organisation_id, student_id, actor_id, actor_email, action, subject, created_at)
     SELECT $1, r.student_id, $2, $3, r.action, r.subject, $4
       FROM unnest($5::int[], $6::text[], $7::text[]) AS r(student_id, action, subject)
      WHERE r.action <> 'VIEW' OR NOT EXISTS (
        SELECT 1 FROM student_access_log l WHERE l.student_id = r.student_id AND l.actor_id = $2 AND l.action = r.action
           AND l.subject = r.subject AND l.created_at > $8)`,
    [
      actor.organisationId,
      actor.actorId,
      actor.actorEmail,
      now,
      rows.map((r) => r.studentId),
      rows.map((r) => r.action),
      rows.map((r) => r.subject),
      new Date(now.getTime() - quietMs),
    ],
  );
}

export const accessLogRows = (db: Queryable, organisationId: number, studentId: number, limit: number) =>
  db.query<{ created_at: Date; actor_email: string; action: string; subject: string }>(
    `SELECT created_at, actor_email, action, subject FROM student_access_log WHERE organisation_id = $1 AND student_id = $2
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [organisationId, studentId, limit],
  );

export async function pruneAccessLog(db: Queryable, before: Date): Promise<number> {
  return (await db.query(`DELETE FROM student_access_log WHERE created_at < $1 RETURNING 1`, [before])).length;
}
