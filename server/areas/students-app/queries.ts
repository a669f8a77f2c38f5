/**
 * The students' app's SQL (docs/api-students-app.md): the student's lessons and class, check
 * requests, registration with a class code, quiz results and portfolio work.
 */
import type { StudentLesson } from '../../../src/api/students-app/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { CheckRequestRow } from '../dashboard/queries';

/** Whether the lesson exists (undefined when not) and is in a module of one of the student's classes in this school. */
export async function lessonOfStudent(db: Queryable, user: SessionUser, lessonId: number): Promise<{ ours: boolean } | undefined> {
  const [lesson] = await db.query<{ ours: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM classroom_students cs
                      JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $3 AND c.archived_at IS NULL
                      JOIN classroom_chapters cc ON cc.classroom_id = c.id AND cc.chapter_id = l.chapter_id
                     WHERE cs.user_id = $2) AS ours
       FROM lessons l WHERE l.id = $1`,
    [lessonId, user.id, user.organisationId],
  );
  return lesson;
}

/**
 * The class a student's work belongs to: the current class if it is one of theirs, else their first;
 * never last year's (archived by the year change, issue 31), whose work stays as it was.
 */
export async function studentClassroom(db: Queryable, user: SessionUser): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT c.id FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
      WHERE cs.user_id = $1 AND c.organisation_id = $2 AND c.archived_at IS NULL
      ORDER BY (c.id = $3::int) DESC NULLS LAST, c.id LIMIT 1`,
    [user.id, user.organisationId, user.classroomId],
  );
  return row?.id ?? null;
}

export const lessonsOfClassroom = (db: Queryable, classroomId: number) =>
  db.query<StudentLesson>(
    `SELECT l.id, l.title, ch.id AS "chapterId", ch.name AS "chapterName"
       FROM classroom_chapters cc
       JOIN chapters ch ON ch.id = cc.chapter_id
       JOIN lessons l ON l.chapter_id = ch.id
      WHERE cc.classroom_id = $1
      ORDER BY ch.position, ch.id, l.position, l.id`,
    [classroomId],
  );

/** An activity on the class's feed; `refs` names the row it is about. */
export async function insertActivity(
  db: Queryable,
  a: {
    organisationId: number;
    classroomId: number | null;
    userId: number;
    type: 'CHECK_REQUEST' | 'QUIZ' | 'REGISTER';
    lessonId?: number;
    checkRequestId?: number;
    quizResultId?: number;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, check_request_id, quiz_result_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [a.organisationId, a.classroomId, a.userId, a.type, a.lessonId ?? null, a.checkRequestId ?? null, a.quizResultId ?? null, a.at],
  );
}

/** An OPEN request past 24 h is EXPIRED: stored first, so it no longer holds the one-open slot. */
export async function expireOpenRequests(db: Queryable, studentId: number, lessonId: number, createdBefore: Date): Promise<void> {
  await db.query(
    `UPDATE check_requests SET status = 'EXPIRED'
      WHERE student_id = $1 AND lesson_id = $2 AND status = 'OPEN' AND created_at < $3`,
    [studentId, lessonId, createdBefore],
  );
}

/** One OPEN request per student and lesson; the partial unique index of 002 settles a race. Undefined when one is open. */
export async function insertCheckRequest(
  db: Queryable,
  user: SessionUser,
  classroomId: number,
  lessonId: number,
  at: Date,
): Promise<number | undefined> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, status, created_at)
     VALUES ($1, $2, $3, $4, 'OPEN', $5)
     ON CONFLICT (student_id, lesson_id) WHERE status = 'OPEN' DO NOTHING
     RETURNING id`,
    [user.organisationId, classroomId, user.id, lessonId, at],
  );
  return created?.id;
}

/** Locks the student's own request, so a teacher deciding at the same time is ordered with it. */
export async function lockOwnCheckRequest(db: Queryable, user: SessionUser, id: number): Promise<CheckRequestRow | undefined> {
  const [row] = await db.query<CheckRequestRow>(
    `SELECT id, status, created_at, decided_at FROM check_requests WHERE id = $1 AND student_id = $2 AND organisation_id = $3 FOR UPDATE`,
    [id, user.id, user.organisationId],
  );
  return row;
}

export async function cancelCheckRequest(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(`UPDATE check_requests SET status = 'CANCELED', decided_at = $2, decided_by = NULL WHERE id = $1`, [id, at]);
}

/** A class that takes new students; a hidden (archived) class's code reads as unknown. */
export async function classroomByCode(
  db: Queryable,
  code: string,
): Promise<{ id: number; organisation_id: number; default_study_level: string } | undefined> {
  const [room] = await db.query<{ id: number; organisation_id: number; default_study_level: string }>(
    `SELECT id, organisation_id, default_study_level FROM classrooms WHERE upper(access_code) = $1 AND NOT hidden AND archived_at IS NULL`,
    [code],
  );
  return room;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const [taken] = await db.query(`SELECT 1 FROM users WHERE lower(email) = $1`, [email]);
  return taken !== undefined;
}

/** The student's account, member of the class's school and in the class. */
export async function insertStudent(
  db: Queryable,
  s: {
    email: string;
    name: string;
    passwordHash: string;
    organisationId: number;
    classroomId: number;
    studyLevel: string | null;
    at: Date;
  },
): Promise<number> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, role, current_organisation_id, current_classroom_id, study_level, last_login, last_active, reg_date, created_at)
     VALUES ($1, $2, $3, 'STUDENT', $4, $5, $6, $7, $7, $7, $7) RETURNING id`,
    [s.email, s.name, s.passwordHash, s.organisationId, s.classroomId, s.studyLevel, s.at],
  );
  return user!.id;
}

export async function joinClassroom(db: Queryable, userId: number, organisationId: number, classroomId: number): Promise<void> {
  await db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, $2)`, [userId, organisationId]);
  await db.query(`INSERT INTO classroom_students (classroom_id, user_id) VALUES ($1, $2)`, [classroomId, userId]);
}

export async function insertQuizResult(
  db: Queryable,
  user: SessionUser,
  q: { lessonId: number; title: string; type: string; good: number; total: number; at: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO quiz_results (organisation_id, user_id, lesson_id, title, type, good, total, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [user.organisationId, user.id, q.lessonId, q.title, q.type, q.good, q.total, q.at],
  );
  return row!.id;
}

export async function canSwitchStudyLevel(db: Queryable, userId: number): Promise<boolean> {
  const [me] = await db.query<{ can_switch_study_level: boolean }>(`SELECT can_switch_study_level FROM users WHERE id = $1`, [userId]);
  return !!me?.can_switch_study_level;
}

/** The student's item of the lesson, made when it does not exist yet. */
export async function portfolioItemFor(
  db: Queryable,
  user: SessionUser,
  lessonId: number,
  classroomOf: () => Promise<number | null>,
  at: Date,
): Promise<number> {
  // One item per student and lesson: the student's row lock orders two saves sent at once.
  await db.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
  const [existing] = await db.query<{ id: number }>(
    `SELECT id FROM portfolio_items WHERE user_id = $1 AND lesson_id = $2 AND organisation_id = $3 ORDER BY id LIMIT 1`,
    [user.id, lessonId, user.organisationId],
  );
  if (existing) return existing.id;
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, study_level, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [user.organisationId, user.id, await classroomOf(), lessonId, user.studyLevel, at],
  );
  return created!.id;
}

export async function blockByKey(db: Queryable, itemId: number, key: string): Promise<{ id: number; type: string } | undefined> {
  const [existing] = await db.query<{ id: number; type: string }>(
    `SELECT id, type FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = $2`,
    [itemId, key],
  );
  return existing;
}

/** New work on a graded block asks for a new grade. */
export async function resubmitBlock(db: Queryable, blockId: number): Promise<void> {
  await db.query(`UPDATE portfolio_blocks SET is_submitted = true, status = '' WHERE id = $1`, [blockId]);
}

export async function insertBlock(
  db: Queryable,
  itemId: number,
  b: { key: string; type: string; submitted: boolean; position: number },
): Promise<number> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted, position)
     VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(position) + 1, $5) FROM portfolio_blocks WHERE portfolio_item_id = $1)) RETURNING id`,
    [itemId, b.key, b.type, b.submitted, b.position],
  );
  return created!.id;
}

/** Items are replaced by number; an image already attached to a number stays with it. */
export async function replaceBlockItems(
  db: Queryable,
  blockId: number,
  items: readonly { indexNumber: number; description?: string; subtitle?: string; value?: string }[],
): Promise<void> {
  await db.query(`DELETE FROM portfolio_block_items WHERE block_id = $1 AND NOT (index_number = ANY($2::int[]))`, [
    blockId,
    items.map((i) => i.indexNumber),
  ]);
  for (const item of items) {
    const values = [blockId, item.indexNumber, (item.description ?? '').trim(), (item.subtitle ?? '').trim(), item.value ?? ''];
    const updated = await db.query(
      `UPDATE portfolio_block_items SET description = $3, subtitle = $4, value = $5 WHERE block_id = $1 AND index_number = $2 RETURNING id`,
      values,
    );
    if (updated.length === 0) {
      await db.query(
        `INSERT INTO portfolio_block_items (block_id, index_number, description, subtitle, value) VALUES ($1, $2, $3, $4, $5)`,
        values,
      );
    }
  }
}

/** Stamps the item's last work (and, when handed in, its submission and the PORTFOLIO_ITEM activity). */
export async function markItemSaved(db: Queryable, itemId: number, at: Date, submit: boolean): Promise<void> {
  await db.query(`UPDATE portfolio_items SET updated_at = $2, submitted_at = CASE WHEN $3 THEN $2 ELSE submitted_at END WHERE id = $1`, [
    itemId,
    at,
    submit,
  ]);
  if (submit) {
    await db.query(
      `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, portfolio_item_id, created_at)
       SELECT organisation_id, classroom_id, user_id, 'PORTFOLIO_ITEM', lesson_id, id, $2 FROM portfolio_items WHERE id = $1`,
      [itemId, at],
    );
  }
}

export async function ownItem(
  db: Queryable,
  user: SessionUser,
  id: number,
): Promise<{ id: number; lesson_id: number; submitted_at: Date | null } | undefined> {
  const [item] = await db.query<{ id: number; lesson_id: number; submitted_at: Date | null }>(
    `SELECT id, lesson_id, submitted_at FROM portfolio_items WHERE id = $1 AND user_id = $2 AND organisation_id = $3`,
    [id, user.id, user.organisationId],
  );
  return item;
}

export const blockRows = (db: Queryable, itemId: number) =>
  db.query<{ id: number; key: string; type: 'FILE' | 'REFLECTION'; is_submitted: boolean; status: string }>(
    `SELECT id, key, type, is_submitted, status FROM portfolio_blocks WHERE portfolio_item_id = $1 ORDER BY position, id`,
    [itemId],
  );

export const blockItemRows = (db: Queryable, blockIds: number[]) =>
  db.query<{ block_id: number; index_number: number; description: string; subtitle: string; value: string; file_id: string | null }>(
    `SELECT block_id, index_number, description, subtitle, value, file_id FROM portfolio_block_items
      WHERE block_id = ANY($1::int[]) ORDER BY index_number, id`,
    [blockIds],
  );

/** The first item of the first FILE block of the student's own item, locked: where an image goes. */
export async function lockImageSlot(
  db: Queryable,
  user: SessionUser,
  itemId: number,
): Promise<{ id: number; file_id: string | null; storage_key: string | null } | undefined> {
  const [target] = await db.query<{ id: number; file_id: string | null; storage_key: string | null }>(
    `SELECT bi.id, bi.file_id, f.storage_key
       FROM portfolio_items p
       JOIN portfolio_blocks b ON b.portfolio_item_id = p.id AND b.type = 'FILE'
       JOIN portfolio_block_items bi ON bi.block_id = b.id
       LEFT JOIN files f ON f.id = bi.file_id
      WHERE p.id = $1 AND p.user_id = $2 AND p.organisation_id = $3
      ORDER BY b.position, b.id, bi.index_number, bi.id LIMIT 1 FOR UPDATE OF bi`,
    [itemId, user.id, user.organisationId],
  );
  return target;
}

export async function attachFile(db: Queryable, blockItemId: number, itemId: number, fileId: string, at: Date): Promise<void> {
  await db.query(`UPDATE portfolio_block_items SET file_id = $2 WHERE id = $1`, [blockItemId, fileId]);
  await db.query(`UPDATE portfolio_items SET updated_at = $2 WHERE id = $1`, [itemId, at]);
}

export async function deleteFileRow(db: Queryable, fileId: string): Promise<void> {
  await db.query(`DELETE FROM files WHERE id = $1`, [fileId]);
}
