/** Lookups shared by the calls of the students' app. */
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { notFound } from '../http-error';

export const UNKNOWN_LESSON = 'Deze les bestaat niet.';

export async function requireLesson(db: Queryable, lessonId: number): Promise<void> {
  const [lesson] = await db.query(`SELECT 1 FROM lessons WHERE id = $1`, [lessonId]);
  if (!lesson) throw notFound(UNKNOWN_LESSON);
}

/** The class a student's work belongs to: the current class if it is one of theirs, else their first (as check requests). */
export async function studentClassroom(db: Queryable, user: SessionUser): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT c.id FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
      WHERE cs.user_id = $1 AND c.organisation_id = $2
      ORDER BY (c.id = $3::int) DESC NULLS LAST, c.id LIMIT 1`,
    [user.id, user.organisationId, user.classroomId],
  );
  return row?.id ?? null;
}
