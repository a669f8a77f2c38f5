/** Dashboard, classes and students (part 1 §7). */
import type { api } from '../../src/api/catalogue';
import type { Classroom, Section } from '../../src/api/classrooms/types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { badRequest, conflict } from '../http-error';
import { classroomOf, insertClassroom, loadClassrooms, ownFirst } from './classroom-queries';
import type { Handlers } from './handler';
import { publicConfig } from './session';
import { studentHandlers } from './students';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
const HAS_STUDENTS =
  'Er zitten nog leerlingen in deze klas. Verwijder eerst de leerlingen uit de klas, alvorens je deze klas kan verwijderen.';

const emptyClassroom = (user: SessionUser): Classroom => ({
  id: 0,
  name: '',
  mainTeacherId: user.id,
  mainTeacherName: user.name,
  accessCode: '',
  defaultStudyLevel: '',
  studyLevel: '',
  studentCount: 0,
  answersActivated: false,
  chapters: [],
  hidden: false,
});

async function isTeacherOf(db: Queryable, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.user_id = $2 AND m.active AND u.role <> 'STUDENT'`,
    [organisationId, userId],
  );
  return row !== undefined;
}

async function existingChapters(db: Queryable, ids: number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chapters WHERE id = ANY($1::int[])`, [ids]);
  return row?.n ?? 0;
}

export const classroomsHandlers: Handlers<typeof api.classrooms> = {
  ...studentHandlers,

  school: async ({ db, user }) => ownFirst(await loadClassrooms(db, user.organisationId), user.id),

  sections: async ({ db }) => {
    const sections = await db.query<{ id: number; name: string; active: boolean }>(`SELECT id, name, active FROM sections ORDER BY position, id`);
    const chapters = await db.query<{ id: number; name: string; section_id: number; first_lesson_id: number | null }>(
      `SELECT c.id, c.name, c.section_id,
              (SELECT l.id FROM lessons l WHERE l.chapter_id = c.id ORDER BY l.position, l.id LIMIT 1) AS first_lesson_id
         FROM chapters c ORDER BY c.position, c.id`,
    );
    return sections.map(
      (s): Section => ({
        ...s,
        chapters: chapters.filter((c) => c.section_id === s.id).map((c) => ({ id: c.id, name: c.name, firstLessonId: c.first_lesson_id })),
      }),
    );
  },

  details: async ({ db, user, params }) => (params.id === 0 ? emptyClassroom(user) : classroomOf(db, user, params.id)),

  save: async ({ db, user, body, app }) => {
    const existing = body.id === 0 ? null : await classroomOf(db, user, body.id);
    const name = body.name.trim();
    const chapters = [...new Set(body.chapters)];
    const mainTeacherId = body.mainTeacherId ?? existing?.mainTeacherId ?? user.id;
    const levels = publicConfig(app.config.publicConfig, false).study_levels;
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'Vul de naam van de klas in.';
    if (!Object.hasOwn(levels, body.defaultStudyLevel)) {
      errors.defaultStudyLevel = `Kies een standaardniveau: ${Object.values(levels).join(', ')}.`;
    }
    if (chapters.length === 0) errors.chapters = 'Kies minstens één module voor deze klas.';
    else if ((await existingChapters(db, chapters)) !== chapters.length) errors.chapters = 'Een of meer gekozen modules bestaan niet.';
    if (body.mainTeacherId != null && !(await isTeacherOf(db, user.organisationId, body.mainTeacherId))) {
      errors.mainTeacherId = 'Kies een docent van deze school als hoofddocent.';
    }
    if (Object.keys(errors).length) throw badRequest(REQUIRED, errors);

    // The client's accessCode is ignored: the server makes the code once, when the class is created.
    const id =
      existing === null
        ? await insertClassroom(db, {
            organisationId: user.organisationId,
            name,
            mainTeacherId,
            defaultStudyLevel: body.defaultStudyLevel,
            answersActivated: body.answersActivated ?? false,
          })
        : existing.id;
    if (existing !== null) {
      await db.query(
        `UPDATE classrooms SET name = $2, main_teacher_id = $3, default_study_level = $4, answers_activated = $5 WHERE id = $1`,
        [id, name, mainTeacherId, body.defaultStudyLevel, body.answersActivated ?? existing.answersActivated],
      );
      await db.query(`DELETE FROM classroom_chapters WHERE classroom_id = $1 AND NOT (chapter_id = ANY($2::int[]))`, [id, chapters]);
    }
    await db.query(`INSERT INTO classroom_chapters (classroom_id, chapter_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [id, chapters]);
    return classroomOf(db, user, id);
  },

  delete: async ({ db, user, params }) => {
    const room = await classroomOf(db, user, params.id);
    if (room.studentCount > 0) throw conflict(HAS_STUDENTS);
    await db.query(`UPDATE users SET current_classroom_id = NULL WHERE current_classroom_id = $1`, [room.id]);
    await db.query(`DELETE FROM classrooms WHERE id = $1`, [room.id]);
    return { message: `Klas ${room.name} is verwijderd.` };
  },
};
