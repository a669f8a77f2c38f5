/**
 * The year change itself, shared by the requests and the school-year job: the plan for a school
 * (refused when its year is already set) and writing it. The apply is what the preview promised:
 * both run makePlan on the same input.
 */
import type { YearApplied, YearStatus } from '../../../src/api/school-year/types';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { dutchDay, dutchToday } from '../../dutch-dates';
import { conflict, HttpError } from '../../http-error';
import { studyLevelLabels } from '../../public-config';
import { earliestStart, proposedYear } from './calendar';
import { makePlan, type FullPlan, type PlanInput } from './plan';
import {
  archiveClasses,
  currentClasses,
  currentStudents,
  deactivateStudents,
  insertYearClass,
  lastApplied,
  licensedChapters,
  moveStudents,
  recordYear,
} from './queries';
import { scheduleOf } from './schedule-queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The plan for a school, refused when this year (or a later one) is already set. `lenient` (a planned
 * change, made months before): an edit of a class or student that is gone meanwhile is left out.
 */
export async function planFor(
  db: Queryable,
  organisationId: number,
  app: AppContext,
  input: PlanInput,
  lenient = false,
): Promise<FullPlan> {
  const [classes, students, licensed, last] = [
    await currentClasses(db, organisationId),
    await currentStudents(db, organisationId),
    await licensedChapters(db, organisationId),
    await lastApplied(db, organisationId),
  ];
  const known = lenient
    ? {
        ...input,
        classes: input.classes?.filter((e) => classes.some((c) => c.id === e.id)),
        students: input.students?.filter((e) => students.some((s) => s.id === e.id)),
      }
    : input;
  const plan = makePlan({ classes, students, levels: studyLevelLabels(app), licensedChapters: licensed }, known);
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

/** Writes the plan: the new classes, last year's archived, students moved or gone, the year recorded. */
export async function applyPlan(db: Queryable, organisationId: number, by: number | null, plan: FullPlan, at: Date): Promise<YearApplied> {
  const newClasses = [];
  const successors = new Map<number, number>();
  const classOf = new Map<string, number>();
  for (const spec of plan.specs) {
    const made = await insertYearClass(db, organisationId, plan.name, spec);
    for (const old of spec.sourceIds) if (!successors.has(old)) successors.set(old, made.id);
    classOf.set(spec.name, made.id);
    newClasses.push({ id: made.id, name: spec.name, accessCode: made.accessCode, studentCount: spec.studentCount });
  }
  await archiveClasses(
    db,
    organisationId,
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
    organisationId,
    plan.students.filter((s) => s.action === 'weg').map((s) => s.id),
    at,
  );
  const c = plan.counts;
  await recordYear(db, organisationId, plan.name, plan.startsOn, at, by, { counts: c, newClasses });
  return {
    name: plan.name,
    counts: c,
    newClasses,
    message: `Schooljaar ${plan.name} is ingesteld: ${plural(c.classesAfter, 'nieuwe klas', 'nieuwe klassen')}, ${plural(c.weg, 'leerling', 'leerlingen')} van school.`,
  };
}

/** What the wizard opens with; a planned change with its counts as of today (or why it cannot be applied as it stands). */
export async function yearStatus(db: Queryable, organisationId: number, app: AppContext): Promise<YearStatus> {
  const today = dutchToday(app.now());
  const [last, planned] = [await lastApplied(db, organisationId), await scheduleOf(db, organisationId)];
  let scheduled: YearStatus['scheduled'] = null;
  if (planned) {
    const { name, startsOn, scheduledAt, scheduledBy, lastError } = planned;
    let counts = null;
    let problem = lastError;
    try {
      counts = (await planFor(db, organisationId, app, planned.input, true)).counts;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      problem = err.message;
    }
    scheduled = { name, startsOn, scheduledAt, scheduledBy, counts, problem };
  }
  return { today, earliestStart: earliestStart(today), proposal: proposedYear(today, last?.name ?? null), lastApplied: last, scheduled };
}
