/**
 * The student form's three reads (profile, quiz results, portfolio tab) for many students at once, in
 * a few statements: the routes call them for one student, the offline copy for every student of the
 * teacher's classes, so both answer alike by construction. A student not found is left out (the
 * route answers 404). Each logs its view in the access log, as a route does.
 */
import type { api } from '../../../src/api/catalogue';
import type { AnswerOf } from '../../../src/api/endpoint';
import type { QuizResult, UserDetails } from '../../../src/api/students/types';
import type { Role } from '../../../src/api/shared-types';
import type { SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { studyLevelLabels } from '../../public-config';
import { distinctOptions, levelOptions } from '../portfolios/options';
import { iso, itemsOfStudents } from '../portfolios/queries';
import { logAccess } from './access-log';
import { retentionRows } from './privacy-queries';
import { classesOfMany, membersAmong, portfolioOptionRows, quizResultRows, userRows, type UserRow } from './queries';
import { deleteOnOf } from './retention-date';

const ROLE_TEXT: Record<Role, string> = { ADMIN: 'Docent', TEACHER: 'Docent', STUDENT: 'Leerling' };

const groupBy = <T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return map;
};

function userDetails(row: UserRow, classes: { id: number; name: string }[], deleteOn: string | null): UserDetails {
  return {
    deleteOn,
    active: row.active,
    canDownloadPdf: true,
    canSwitchStudyLevel: row.can_switch_study_level,
    classroomTexts: classes.map((c) => c.name).join(', '),
    classrooms: classes.map((c) => c.id),
    email: row.email,
    hasEnabledClassrooms: classes.length > 0,
    id: row.id,
    isExternal: row.is_external,
    lastActive: row.last_active ? iso(row.last_active) : null,
    lastLogin: row.last_login ? iso(row.last_login) : null,
    lastLessonId: row.last_lesson_id,
    lastLessonImage: row.last_lesson_image,
    lastLessonName: row.last_lesson_name,
    name: row.name,
    organisationFrontType: 'school',
    organisationFrontId: row.org_id,
    organisationFrontLocation: row.org_location,
    organisationFrontName: row.org_name,
    regDate: iso(row.reg_date),
    role: row.role,
    roleText: ROLE_TEXT[row.role],
    studyLevel: row.study_level,
  };
}

/** When a student is deleted if nothing changes (docs/privacy.md), per student. */
export async function deleteOnOfMany(db: Queryable, app: AppContext, organisationId: number, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const r of await retentionRows(db, organisationId, ids)) {
    const day = deleteOnOf(r.last_activity, r.active, app.config.studentRetentionMonths, app.now());
    if (day) out.set(r.id, iso(day));
  }
  return out;
}

/** The profile of each user of the school among `ids` (students and colleagues alike; not logged). */
export async function detailsOf(
  db: Queryable,
  app: AppContext,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, UserDetails>> {
  const rows = await userRows(db, organisationId, ids);
  const classes = await classesOfMany(db, organisationId, rows);
  const students = rows.filter((r) => r.role === 'STUDENT').map((r) => r.id);
  const deleteOn = students.length ? await deleteOnOfMany(db, app, organisationId, students) : new Map<number, string>();
  return new Map(rows.map((r) => [r.id, userDetails(r, classes.get(r.id) ?? [], deleteOn.get(r.id) ?? null)]));
}

/** The student form's profile read: a student's view is logged. */
export async function viewDetails(
  db: Queryable,
  app: AppContext,
  user: SessionUser,
  ids: readonly number[],
): Promise<Map<number, UserDetails>> {
  const found = await detailsOf(db, app, user.organisationId, ids);
  for (const d of found.values())
    if (d.role === 'STUDENT') await logAccess(db, user, d.id, { action: 'VIEW', subject: 'PROFILE' }, app.now());
  return found;
}

export async function viewQuizResults(
  db: Queryable,
  app: AppContext,
  user: SessionUser,
  ids: readonly number[],
): Promise<Map<number, QuizResult[]>> {
  const members = [...(await membersAmong(db, user.organisationId, ids, false))];
  for (const id of members) await logAccess(db, user, id, { action: 'VIEW', subject: 'RESULTS' }, app.now());
  const rows = groupBy(members.length ? await quizResultRows(db, user.organisationId, members) : [], (r) => r.user_id);
  return new Map(
    members.map((id) => [
      id,
      (rows.get(id) ?? []).map((r): QuizResult => ({
        dateText: iso(r.created_at),
        title: r.title,
        percentage: Math.round((r.good / r.total) * 100),
        good: r.good,
        total: r.total,
        type: r.type === 'personality' ? 'personality' : 'quiz',
      })),
    ]),
  );
}

/** The portfolio tab (its links still unsigned: the caller signs them, file-links.ts). */
export async function viewPortfolios(
  db: Queryable,
  app: AppContext,
  user: SessionUser,
  ids: readonly number[],
): Promise<Map<number, AnswerOf<typeof api.students.portfolio>>> {
  const members = [...(await membersAmong(db, user.organisationId, ids, true))];
  if (members.length === 0) return new Map();
  const items = groupBy(await itemsOfStudents(db, user.organisationId, members), (i) => i.userId);
  for (const id of members) await logAccess(db, user, id, { action: 'VIEW', subject: 'PORTFOLIO' }, app.now());
  const options = groupBy(await portfolioOptionRows(db, user.organisationId, members), (o) => o.user_id);
  return new Map(
    members.map((id) => {
      const own = options.get(id) ?? [];
      const hers = items.get(id) ?? [];
      return [
        id,
        {
          classrooms: distinctOptions(own.map((o) => ({ id: o.class_id, name: o.class_name }))).sort((a, b) =>
            a.name.localeCompare(b.name, 'nl'),
          ),
          studyLevels: levelOptions(
            hers.map((i) => i.studyLevel),
            studyLevelLabels(app),
          ),
          sections: distinctOptions(own.map((o) => ({ id: o.section_id, name: o.section_name }))),
          chapters: distinctOptions(own.map((o) => ({ id: o.chapter_id, name: o.chapter_name }))),
          lessons: distinctOptions(own.map((o) => ({ id: o.lesson_id, name: o.lesson_title }))),
          items: hers,
        },
      ];
    }),
  );
}
