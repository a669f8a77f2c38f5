/** The lessons a student works through, finished quizzes and the student's own study level (the students' app). */
import type { api } from '../../src/api/catalogue';
import type { StudentLesson } from '../../src/api/students-app/types';
import { badRequest, forbidden } from '../http-error';
import type { Handlers } from './handler';
import { publicConfig } from './session';
import { requireLesson, studentClassroom } from './student-queries';

export const LEVEL_LOCKED = 'Je docent heeft het wisselen van niveau voor jou uitgezet.';

/** A study level key from its key or its label (spaces may arrive as plus signs, as in part 1 §7). */
function levelKey(levels: Record<string, string>, raw: string): string | null {
  const level = raw.replace(/\+/g, ' ').trim();
  if (level in levels) return level;
  return Object.entries(levels).find(([, label]) => label.toLowerCase() === level.toLowerCase())?.[0] ?? null;
}

export const studentWorkHandlers: Handlers<Pick<typeof api.studentsApp, 'lessons' | 'quizResult' | 'studyLevel'>> = {
  lessons: async ({ db, user }) => {
    const classroomId = await studentClassroom(db, user);
    if (classroomId === null) return [];
    return db.query<StudentLesson>(
      `SELECT l.id, l.title, ch.id AS "chapterId", ch.name AS "chapterName"
         FROM classroom_chapters cc
         JOIN chapters ch ON ch.id = cc.chapter_id
         JOIN lessons l ON l.chapter_id = ch.id
        WHERE cc.classroom_id = $1
        ORDER BY ch.position, ch.id, l.position, l.id`,
      [classroomId],
    );
  },

  quizResult: async ({ db, user, body, app }) => {
    const title = body.title.trim();
    if (!title) throw badRequest('Geef de toets een titel.', { title: 'Geef de toets een titel.' });
    if (body.good > body.total) throw badRequest('Er kunnen niet meer vragen goed zijn dan er vragen zijn.', { good: 'Hoogstens het aantal vragen.' });
    await requireLesson(db, user, body.lessonId);
    const now = app.now();
    const classroomId = await studentClassroom(db, user);
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO quiz_results (organisation_id, user_id, lesson_id, title, type, good, total, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [user.organisationId, user.id, body.lessonId, title, body.type ?? 'quiz', body.good, body.total, now],
    );
    await db.query(
      `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, quiz_result_id, created_at)
       VALUES ($1, $2, $3, 'QUIZ', $4, $5, $6)`,
      [user.organisationId, classroomId, user.id, body.lessonId, row!.id, now],
    );
    return { id: row!.id, percentage: Math.round((body.good / body.total) * 100) };
  },

  studyLevel: async ({ db, user, body, app }) => {
    const [me] = await db.query<{ can_switch_study_level: boolean }>(`SELECT can_switch_study_level FROM users WHERE id = $1`, [user.id]);
    if (!me?.can_switch_study_level) throw forbidden(LEVEL_LOCKED);
    const key = levelKey(publicConfig(app.config.publicConfig, false).study_levels, body.level);
    if (!key) throw badRequest(`Onbekend niveau: ${body.level.replace(/\+/g, ' ').trim()}.`, { level: 'Kies een van de niveaus van de methode.' });
    await db.query(`UPDATE users SET study_level = $2 WHERE id = $1`, [user.id, key]);
    return { studyLevel: key, message: 'Niveau gewijzigd.' };
  },
};
