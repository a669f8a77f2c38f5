/** Classes and their students (part 1 §2 'Klassen & leerlingen', §7): lists, the class form, bulk actions. */
import type { api } from '../../../src/api/catalogue';
import { blankClassroom } from '../../../src/api/classrooms/blank-classroom';
import type { Classroom, Section, Student } from '../../../src/api/classrooms/types';
import { withoutTransaction, type Handlers } from '../../http/handler';
import { mergeOrRefuse } from '../../http/field-merge';
import { dutchDateTime } from '../../dutch-dates';
import { badRequest, conflict } from '../../http-error';
import { publicConfig } from '../../public-config';
import { retentionRows } from '../students/privacy-queries';
import { portfolioCountOf, studentIdsOf } from '../students/queries';
import { eraseStudents } from '../students/student-erasure';
import { deleteOnOf } from '../students/retention-date';
import {
  activeChapterIds,
  classNameTaken,
  classroomOf,
  classroomStudentRows,
  deleteClassroom,
  existingChapters,
  idleStudentRows,
  insertClassroom,
  isTeacherOf,
  lockClassroom,
  loadClassrooms,
  moveStudents,
  orphanStudentRows,
  sectionsWithChapters,
  setClassroomChapters,
  updateClassroom,
  type StudentRow,
} from './queries';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
// Issue 31: last year's classes are history; their portfolios and feedback stay readable, unchanged.
const ARCHIVED = (c: Classroom) => `Klas ${c.name} hoort bij schooljaar ${c.archivedYear} en kan niet meer worden gewijzigd.`;
function writable(c: Classroom): Classroom {
  if (c.archivedYear) throw conflict(ARCHIVED(c));
  return c;
}
const HAS_STUDENTS =
  'Er zitten nog leerlingen in deze klas. Verwijder eerst de leerlingen uit de klas, alvorens je deze klas kan verwijderen.';
// Two classes of one name would be two identical rows in the class selector and the move dialog.
const NAME_TAKEN = (name: string) => `Er is al een klas met de naam ${name} op deze school. Kies een andere naam.`;
// Part 1 §2 'Inactieve leerlingen': not signed in for half a year.
const IDLE_MONTHS = 6;

// The class form's labels (src/features/classrooms/classroom-form-page.tsx), for a 409 that shows both values.
const CLASS_LABELS = {
  name: 'Naam van de klas',
  defaultStudyLevel: 'Standaardniveau',
  mainTeacherId: 'Hoofddocent',
  answersActivated: 'Antwoorden digitaal zichtbaar',
  chapters: 'Modules',
} as const;

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/** The caller's own classes first (part 1 §4), then by name as people read it ('2B' before '10B'). */
function ownFirst(rooms: Classroom[], userId: number): Classroom[] {
  return [...rooms].sort(
    (a, b) => Number(b.mainTeacherId === userId) - Number(a.mainTeacherId === userId) || collator.compare(a.name, b.name) || a.id - b.id,
  );
}

/** '5 mrt 2024 14:07' (part 1 §9), in Dutch time; 'Nooit' when the student never was active. */
const lastActiveText = (d: Date | null): string => (d ? dutchDateTime(d) : 'Nooit');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function toStudents(rows: Promise<StudentRow[]>): Promise<Student[]> {
  return (await rows)
    .map((r): Student => {
      const lastActive = r.last_active ? new Date(r.last_active) : null;
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        lastLogin: r.last_login ? new Date(r.last_login).toISOString() : null,
        isExternal: r.is_external,
        classrooms: r.classrooms,
        lastLessonId: r.last_lesson_id,
        lastLessonName: r.last_lesson_name,
        // The lesson with its module, for a tooltip or a wider column.
        lastLessonTitle: r.last_lesson_name && r.last_chapter_name ? `${r.last_chapter_name}: ${r.last_lesson_name}` : r.last_lesson_name,
        lastActive: lastActive?.toISOString() ?? null,
        lastActiveText: lastActiveText(lastActive),
        studyLevel: r.study_level,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

export const classroomsHandlers: Handlers<typeof api.classrooms> = {
  // This year's classes: last year's, archived by the year change (issue 31), are listed by schoolYear.archivedClasses.
  school: async ({ db, user }) => ownFirst(await loadClassrooms(db, user.organisationId, 'c.archived_at IS NULL'), user.id),

  sections: async ({ db }) => {
    const { sections, chapters } = await sectionsWithChapters(db);
    return sections.map((s): Section => ({
      ...s,
      chapters: chapters.filter((c) => c.section_id === s.id).map((c) => ({ id: c.id, name: c.name, firstLessonId: c.first_lesson_id })),
    }));
  },

  details: async ({ db, user, params }) => (params.id === 0 ? blankClassroom(0, user.id, user.name) : classroomOf(db, user, params.id)),

  save: async ({ db, user, body: sent, app }) => {
    if (sent.base && sent.id !== 0) await lockClassroom(db, sent.id);
    const existing = sent.id === 0 ? null : writable(await classroomOf(db, user, sent.id));
    // A queued edit with `base` takes only what she changed over a colleague's changes (issue 36).
    const body = existing
      ? await mergeOrRefuse(sent, existing, CLASS_LABELS, {
          message: `Een collega heeft klas ${existing.name} intussen ook gewijzigd.`,
          record: () => classroomOf(db, user, existing.id),
        })
      : sent;
    const name = body.name.trim();
    const chapters = [...new Set(body.chapters)];
    // Ajv's coercion turns null (and a form's empty field) into 0 on its way through anyOf: no id is 0, so 0 is 'none'.
    const askedTeacher = body.mainTeacherId || null;
    const mainTeacherId = askedTeacher ?? existing?.mainTeacherId ?? user.id;
    const { study_levels: levels, can_assign_chapters: canAssignChapters } = publicConfig(app.config.publicConfig, false);
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'Vul de naam van de klas in.';
    else if (await classNameTaken(db, user.organisationId, name, existing?.id ?? 0)) errors.name = NAME_TAKEN(name);
    if (!Object.hasOwn(levels, body.defaultStudyLevel)) {
      errors.defaultStudyLevel = `Kies een standaardniveau: ${Object.values(levels).join(', ')}.`;
    }
    // Part 1 §6: whether a teacher may assign chapters is the setting's; without it a class has none to choose.
    if (chapters.length === 0 && canAssignChapters) errors.chapters = 'Kies minstens één module voor deze klas.';
    else if (canAssignChapters && (await existingChapters(db, chapters)) !== chapters.length)
      errors.chapters = 'Een of meer gekozen modules bestaan niet.';
    if (askedTeacher !== null && !(await isTeacherOf(db, user.organisationId, askedTeacher))) {
      errors.mainTeacherId = 'Kies een docent van deze school als hoofddocent.';
    }
    if (Object.keys(errors).length) throw badRequest(REQUIRED, errors);

    const fields = {
      name,
      mainTeacherId,
      defaultStudyLevel: body.defaultStudyLevel,
      answersActivated: body.answersActivated ?? existing?.answersActivated ?? false,
    };
    // The client's accessCode is ignored: the server makes the code once, when the class is created.
    const id = existing === null ? await insertClassroom(db, { organisationId: user.organisationId, ...fields }) : existing.id;
    if (existing !== null) await updateClassroom(db, id, fields);
    // Without can_assign_chapters the form has no modules (part 1 §2): a class keeps the ones it has, and a
    // new class gets every module of the active subjects, so its students have lessons (docs/decisions.md).
    if (canAssignChapters) await setClassroomChapters(db, id, chapters, existing === null);
    else if (existing === null) await setClassroomChapters(db, id, await activeChapterIds(db), true);
    return classroomOf(db, user, id);
  },

  delete: async ({ db, user, params }) => {
    const room = writable(await classroomOf(db, user, params.id));
    if (room.studentCount > 0) throw conflict(HAS_STUDENTS);
    await deleteClassroom(db, room.id);
    return { message: `Klas ${room.name} is verwijderd.` };
  },

  idleStudents: async ({ db, user, app }) => {
    const since = app.now();
    since.setMonth(since.getMonth() - IDLE_MONTHS);
    const students = await toStudents(idleStudentRows(db, user, since));
    // Issue 31.2: each shows the day the retention job deletes her.
    const rows = new Map(
      (
        await retentionRows(
          db,
          user.organisationId,
          students.map((s) => s.id),
        )
      ).map((r) => [r.id, r]),
    );
    return students.map((s) => {
      const r = rows.get(s.id);
      const day = r ? deleteOnOf(r.last_activity, r.active, app.config.studentRetentionMonths, app.now()) : null;
      return { ...s, deleteOn: day?.toISOString() ?? null };
    });
  },

  orphanStudents: ({ db, user }) => toStudents(orphanStudentRows(db, user)),

  students: async ({ db, user, params }) => {
    await classroomOf(db, user, params.id);
    return toStudents(classroomStudentRows(db, user, params.id));
  },

  massMove: async ({ db, user, body }) => {
    if (body.targetClassroomId === body.currentClassroomId) {
      throw badRequest('Kies een andere klas dan de huidige.', { targetClassroomId: 'Kies een andere klas dan de huidige.' });
    }
    writable(await classroomOf(db, user, body.currentClassroomId));
    const target = writable(await classroomOf(db, user, body.targetClassroomId));
    const ids = await studentIdsOf(db, user, body.users);
    await moveStudents(db, ids, body.currentClassroomId, body.targetClassroomId);
    return { message: `${plural(ids.length, 'leerling', 'leerlingen')} verplaatst naar ${target.name}.` };
  },

  massDeleteCheck: async ({ db, user, body }) => {
    const count = await portfolioCountOf(db, await studentIdsOf(db, user, body.users));
    return { safe: count === 0, portfolioCount: count };
  },

  // Like students/delete: the full erasure of each, all or none (docs/decisions.md, issue 31).
  massDelete: withoutTransaction(async ({ user, body, app, req }) => {
    const ids = await studentIdsOf(app.db, user, body.users);
    await eraseStudents(app.db, app.files, user.organisationId, ids, (m) => req.log.warn(m));
    return { message: `${plural(ids.length, 'leerling', 'leerlingen')} verwijderd.` };
  }),

  // Part 1 §7 names no other bulk action than move and delete: refuse the rest with the reason.
  bulkAction: async ({ params }) => {
    throw badRequest(`Onbekende actie: ${params.action}.`);
  },
};
