/** Students of a school (part 1 §2 'Klassen & leerlingen'): lists, deletion and the bulk actions. */
import type { api } from '../../src/api/catalogue';
import type { Student } from '../../src/api/classrooms/types';
import type { SessionUser } from '../auth/session-user';
import type { Param, Queryable } from '../db/database';
import { badRequest, notFound } from '../http-error';
import { classroomOf } from './classroom-queries';
import type { Handlers } from './handler';

const STUDENT_NOT_FOUND = 'Deze leerling is niet gevonden.';
const STUDENTS_NOT_FOUND = 'Een of meer gekozen leerlingen zijn niet gevonden op deze school.';
const NONE_CHOSEN = 'Kies minstens één leerling.';
// Part 1 §2 'Inactieve leerlingen': not signed in for half a year.
const IDLE_MONTHS = 6;

const parts = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '5 mrt 2024 14:07' (part 1 §9), in Dutch time; 'Nooit' when the student never was active. */
export function dutchDateTime(d: Date | null): string {
  if (!d) return 'Nooit';
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day} ${(p.month ?? '').replace('.', '')} ${p.year} ${p.hour}:${p.minute}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface StudentRow {
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

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/** Students of the caller's school; `where` is a trusted fragment over users u, its params from $2. */
async function loadStudents(db: Queryable, user: SessionUser, where: string, params: Param[] = []): Promise<Student[]> {
  const rows = await db.query<StudentRow>(
    `SELECT u.id, u.name, u.email, u.last_login, u.is_external, u.last_lesson_id, u.last_active, u.study_level,
            l.title AS last_lesson_name, ch.name AS last_chapter_name,
            COALESCE((SELECT array_agg(cs.classroom_id ORDER BY cs.classroom_id)
                        FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $1
                       WHERE cs.user_id = u.id), '{}') AS classrooms
       FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1
       LEFT JOIN lessons l ON l.id = u.last_lesson_id
       LEFT JOIN chapters ch ON ch.id = l.chapter_id
      WHERE u.role = 'STUDENT' AND ${where}`,
    [user.organisationId, ...params],
  );
  return rows
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
        lastActiveText: dutchDateTime(lastActive),
        studyLevel: r.study_level,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** Checks that every id is a student of the caller's school: 400 for none, 404 for a stranger. */
async function studentIdsOf(db: Queryable, user: SessionUser, ids: readonly number[]): Promise<number[]> {
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

async function portfolioCount(db: Queryable, ids: number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM portfolio_items WHERE user_id = ANY($1::int[])`, [ids]);
  return row?.n ?? 0;
}

export const studentHandlers: Handlers<typeof api.classrooms> = {
  idleStudents: ({ db, user, app }) => {
    const since = app.now();
    since.setMonth(since.getMonth() - IDLE_MONTHS);
    return loadStudents(db, user, `(u.last_login < $2 OR (u.last_login IS NULL AND u.reg_date < $2))`, [since]);
  },

  orphanStudents: ({ db, user }) =>
    loadStudents(
      db,
      user,
      `NOT EXISTS (SELECT 1 FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
                    WHERE cs.user_id = u.id AND c.organisation_id = $1)`,
    ),

  students: async ({ db, user, params }) => {
    await classroomOf(db, user, params.id);
    return loadStudents(db, user, `EXISTS (SELECT 1 FROM classroom_students cs WHERE cs.user_id = u.id AND cs.classroom_id = $2)`, [params.id]);
  },

  massMove: async ({ db, user, body }) => {
    if (body.targetClassroomId === body.currentClassroomId) {
      throw badRequest('Kies een andere klas dan de huidige.', { targetClassroomId: 'Kies een andere klas dan de huidige.' });
    }
    await classroomOf(db, user, body.currentClassroomId);
    const target = await classroomOf(db, user, body.targetClassroomId);
    const ids = await studentIdsOf(db, user, body.users);
    await db.query(`DELETE FROM classroom_students WHERE classroom_id = $1 AND user_id = ANY($2::int[])`, [body.currentClassroomId, ids]);
    await db.query(
      `INSERT INTO classroom_students (classroom_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [body.targetClassroomId, ids],
    );
    // A student whose current class was the old one continues in the new one.
    await db.query(
      `UPDATE users SET current_classroom_id = $1 WHERE id = ANY($2::int[]) AND (current_classroom_id = $3 OR current_classroom_id IS NULL)`,
      [body.targetClassroomId, ids, body.currentClassroomId],
    );
    return { message: `${plural(ids.length, 'leerling', 'leerlingen')} verplaatst naar ${target.name}.` };
  },

  massDeleteCheck: async ({ db, user, body }) => {
    const count = await portfolioCount(db, await studentIdsOf(db, user, body.users));
    return { safe: count === 0, portfolioCount: count };
  },

  massDelete: async ({ db, user, body }) => {
    const ids = await studentIdsOf(db, user, body.users);
    await db.query(`DELETE FROM users WHERE id = ANY($1::int[])`, [ids]);
    return { message: `${plural(ids.length, 'leerling', 'leerlingen')} verwijderd.` };
  },

  // Part 1 §7 names no other bulk action than move and delete: refuse the rest with the reason.
  bulkAction: async ({ params }) => {
    throw badRequest(`Onbekende actie: ${params.action}.`);
  },
};

/** One student's removal (part 1 §2), in the students area. */
export const studentRemovalHandlers: Handlers<Pick<typeof api.students, 'delete' | 'portfolioCount'>> = {
  delete: async ({ db, user, params }) => {
    const ids = await studentIdsOf(db, user, [params.id]);
    // Cascades to the student's class links, portfolio, quiz results, requests and activity.
    await db.query(`DELETE FROM users WHERE id = ANY($1::int[])`, [ids]);
    return { message: 'De leerling is verwijderd.' };
  },

  portfolioCount: async ({ db, user, params }) => ({ count: await portfolioCount(db, await studentIdsOf(db, user, [params.id])) }),
};
