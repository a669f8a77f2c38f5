/**
 * 'Nieuw schooljaar' (issue 31): the preview (dry run) and the apply share makePlan, so the summary
 * the administrator agreed to is what is written. The apply runs in the registry's one transaction
 * with its Idempotency-Key (a second tap or a replay answers the first answer), and a year that is
 * already set is refused, so a second apply of the same year changes nothing. A change whose first
 * school day is still to come is planned instead (schedule) and applied on that day by the
 * school-year job, unless the administrator cancels it or applies it now.
 */
import type { api } from '../../../src/api/catalogue';
import type { YearPlan } from '../../../src/api/school-year/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { dutchDay, dutchToday } from '../../dutch-dates';
import type { Handlers } from '../../http/handler';
import { badRequest, conflict } from '../../http-error';
import type { AppContext } from '../../context';
import { loadClassrooms } from '../classrooms/queries';
import { refuseYearOver } from './calendar';
import type { FullPlan, PlanInput } from './plan';
import { archivedYears, lockSchool } from './queries';
import { deleteSchedule, saveSchedule, scheduleOf } from './schedule-queries';
import { applyPlan, planFor, yearStatus } from './year-change';

/** A request's plan: also refused for a year that is over, and while another change is planned. */
async function requestedPlan(db: Queryable, user: SessionUser, app: AppContext, input: PlanInput): Promise<FullPlan> {
  const plan = await planFor(db, user.organisationId, app, input);
  refuseYearOver(plan.name, dutchToday(app.now()));
  const planned = await scheduleOf(db, user.organisationId);
  if (planned) {
    throw conflict(
      `Schooljaar ${planned.name} is al gepland voor ${dutchDay(planned.startsOn)}. Annuleer dat eerst als je iets anders wilt. Er is niets gewijzigd.`,
    );
  }
  return plan;
}

const notPlanned = (name: string) =>
  conflict(`Er is geen schooljaar ${name} gepland: het is al ingevoerd of geannuleerd. Er is niets gewijzigd.`);

const publicPart = ({ specs: _specs, ...plan }: FullPlan): YearPlan => plan;

export const schoolYearHandlers: Handlers<typeof api.schoolYear> = {
  status: ({ db, user, app }) => yearStatus(db, user.organisationId, app),

  preview: async ({ db, user, app, body }) => publicPart(await requestedPlan(db, user, app, body)),

  apply: async ({ db, user, app, body }) => {
    await lockSchool(db, user.organisationId);
    const plan = await requestedPlan(db, user, app, body);
    return applyPlan(db, user.organisationId, user.id, plan, app.now());
  },

  schedule: async ({ db, user, app, body }) => {
    await lockSchool(db, user.organisationId);
    const plan = await requestedPlan(db, user, app, body);
    if (plan.startsOn <= dutchToday(app.now())) {
      throw badRequest(`De eerste schooldag, ${dutchDay(plan.startsOn)}, is vandaag of al voorbij: voer het schooljaar nu in.`, {
        startsOn: 'Deze dag is vandaag of al voorbij.',
      });
    }
    await saveSchedule(db, user.organisationId, body, app.now(), user.id);
    return yearStatus(db, user.organisationId, app);
  },

  cancel: async ({ db, user, app, body }) => {
    await lockSchool(db, user.organisationId);
    if (!(await deleteSchedule(db, user.organisationId, body.name))) throw notPlanned(body.name);
    return yearStatus(db, user.organisationId, app);
  },

  applyScheduled: async ({ db, user, app, body }) => {
    await lockSchool(db, user.organisationId);
    const planned = await scheduleOf(db, user.organisationId);
    if (planned?.name !== body.name) throw notPlanned(body.name);
    const plan = await planFor(db, user.organisationId, app, planned.input, true);
    await deleteSchedule(db, user.organisationId, planned.name);
    return applyPlan(db, user.organisationId, user.id, plan, app.now());
  },

  archivedYears: ({ db, user }) => archivedYears(db, user.organisationId),

  archivedClasses: ({ db, user, query }) =>
    loadClassrooms(db, user.organisationId, 'c.archived_at IS NOT NULL AND c.school_year = $2', [`${query.year}-${query.year + 1}`]),
};
