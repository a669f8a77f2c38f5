/** Lookups shared by the calls of the students' app. */
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { forbidden, notFound } from '../http-error';

export const UNKNOWN_LESSON = 'Deze les bestaat niet.';
export const NOT_YOUR_LESSON = 'Deze les hoort niet bij de modules van je klas.';

/** A lesson of a module of one of the student's classes (in the current school); work on others is refused. */
export async function requireLesson(db: Queryable, user: SessionUser, lessonId: number): Promise<void> {
  const [lesson] = await db.query<{ ours: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM classroom_students cs
                      JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $3
                      JOIN classroom_chapters cc ON cc.classroom_id = c.id AND cc.chapter_id = l.chapter_id
                     WHERE cs.user_id = $2) AS ours
       FROM lessons l WHERE l.id = $1`,
    [lessonId, user.id, user.organisationId],
  );
  if (!lesson) throw notFound(UNKNOWN_LESSON);
  if (!lesson.ours) throw forbidden(NOT_YOUR_LESSON);
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
