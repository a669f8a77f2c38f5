/**
 * 'Nieuw schooljaar' (issue 31): the preview (dry run) and the apply share makePlan, so the summary
 * the administrator agreed to is what is written. The apply runs in the registry's one transaction
 * with its Idempotency-Key (a second tap or a replay answers the first answer), and a year that is
 * already set is refused, so a second apply of the same year changes nothing.
 */
import type { api } from '../../../src/api/catalogue';
import type { YearPlan } from '../../../src/api/school-year/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { Handlers } from '../../http/handler';
import { conflict } from '../../http-error';
import { studyLevelLabels } from '../../public-config';
import { loadClassrooms } from '../classrooms/queries';
import { dutchDay } from '../../dutch-dates';
import { makePlan, type FullPlan, type PlanInput } from './plan';
import {
  archiveClasses,
  archivedYears,
  currentClasses,
  currentStudents,
  deactivateStudents,
  insertYearClass,
  lastApplied,
  licensedChapters,
  lockSchool,
  moveStudents,
  recordYear,
} from './queries';
import type { AppContext } from '../../context';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The plan for the caller's school, refused when this year (or a later one) is already set. */
async function planFor(db: Queryable, user: SessionUser, app: AppContext, input: PlanInput): Promise<FullPlan> {
  const [classes, students, licensed, last] = [
    await currentClasses(db, user.organisationId),
    await currentStudents(db, user.organisationId),
    await licensedChapters(db, user.organisationId),
    await lastApplied(db, user.organisationId),
  ];
  const plan = makePlan({ classes, students, levels: studyLevelLabels(app), licensedChapters: licensed }, input);
  if (last && last.name >= plan.name) {
    const when = dutchDay(last.appliedAt.slice(0, 10));
    throw conflict(
      last.name === plan.name
        ? `Het schooljaar ${plan.name} is al ingesteld op ${when}. Er is niets gewijzigd.`
        : `Het schooljaar ${plan.name} ligt vóór het schooljaar ${last.name}, dat al is ingesteld op ${when}. Er is niets gewijzigd.`,
    );
  }
  return { ...plan, lastApplied: last };
}

const publicPart = ({ specs: _specs, ...plan }: FullPlan): YearPlan => plan;

export const schoolYearHandlers: Handlers<typeof api.schoolYear> = {
  preview: async ({ db, user, app, body }) => publicPart(await planFor(db, user, app, body)),

  apply: async ({ db, user, app, body }) => {
    await lockSchool(db, user.organisationId);
    const plan = await planFor(db, user, app, body);
    const at = app.now();
    const newClasses = [];
    const successors = new Map<number, number>();
    const classOf = new Map<string, number>();
    for (const spec of plan.specs) {
      const made = await insertYearClass(db, user.organisationId, plan.name, spec);
      for (const old of spec.sourceIds) if (!successors.has(old)) successors.set(old, made.id);
      classOf.set(spec.name, made.id);
      newClasses.push({ id: made.id, name: spec.name, accessCode: made.accessCode, studentCount: spec.studentCount });
    }
    await archiveClasses(
      db,
      user.organisationId,
      plan.previousName,
      at,
      successors,
      newClasses.map((c) => c.id),
    );
    const staying = plan.students.filter((s) => s.action !== 'weg');
    await moveStudents(
      db,
      staying.map((s) => ({ id: s.id, classId: s.nextClass === null ? null : (classOf.get(s.nextClass) ?? null), level: s.nextLevel })),
    );
    await deactivateStudents(
      db,
      user.organisationId,
      plan.students.filter((s) => s.action === 'weg').map((s) => s.id),
      at,
    );
    const c = plan.counts;
    await recordYear(db, user.organisationId, plan.name, plan.startsOn, at, user.id, { counts: c, newClasses });
    return {
      name: plan.name,
      counts: c,
      newClasses,
      message: `Schooljaar ${plan.name} is ingesteld: ${plural(c.classesAfter, 'nieuwe klas', 'nieuwe klassen')}, ${plural(c.weg, 'leerling', 'leerlingen')} van school.`,
    };
  },

  archivedYears: ({ db, user }) => archivedYears(db, user.organisationId),

  archivedClasses: ({ db, user, query }) =>
    loadClassrooms(db, user.organisationId, 'c.archived_at IS NOT NULL AND c.school_year = $2', [`${query.year}-${query.year + 1}`]),
};
