/**
 * 'Nieuw schooljaar' planned for its first school day: applied on that day (Dutch calendar day), or
 * at the first run after it when no server ran that day. Runs at start and then every quarter of an
 * hour, in one API process at a time (claim.ts); each school in a transaction of its own that first
 * takes the school's lock and reads the plan again, so a cancel or 'Nu invoeren' at the same moment
 * wins or loses whole.
 */
import type { AppContext } from '../context';
import { dutchToday } from '../dutch-dates';
import { HttpError } from '../http-error';
import { lockSchool } from '../areas/school-year/queries';
import { deleteSchedule, dueSchools, noteScheduleError, scheduleOf } from '../areas/school-year/schedule-queries';
import { applyPlan, planFor } from '../areas/school-year/year-change';
import { startJob } from './claim';
import { SCHOOL_YEAR_EVERY_MS } from '../constants';

export const SCHOOL_YEAR_JOB = 'school-year';

export async function applyDueYears(app: AppContext, at: Date, log: (msg: string) => void = () => undefined): Promise<string> {
  const today = dutchToday(at);
  let applied = 0;
  let failed = 0;
  for (const organisationId of await dueSchools(app.db, today)) {
    try {
      const done = await app.db.transaction(async (tx) => {
        await lockSchool(tx, organisationId);
        const planned = await scheduleOf(tx, organisationId);
        if (!planned || planned.startsOn > today) return false;
        const plan = await planFor(tx, organisationId, app, planned.input, true);
        await deleteSchedule(tx, organisationId, planned.name);
        await applyPlan(tx, organisationId, planned.scheduledById, plan, at);
        return true;
      });
      if (done) applied += 1;
    } catch (err) {
      // The plan no longer fits the school (a level changed, a class merged into one that is gone):
      // kept with the reason for the administrator to see, and tried again on the next run.
      failed += 1;
      log(`applying the planned school year of school ${organisationId} failed: ${String(err)}`);
      const reason = err instanceof HttpError ? err.message : 'Er ging iets mis bij het invoeren.';
      await noteScheduleError(app.db, organisationId, `Het schooljaar kon op de eerste schooldag niet worden ingevoerd: ${reason}`);
    }
  }
  return `applied ${applied} planned school year(s), ${failed} could not be applied`;
}

/** Starts the periodic run in this process; returns a stop function. */
export function startSchoolYearJob(
  app: AppContext,
  now: () => Date = app.now,
  everyMs = SCHOOL_YEAR_EVERY_MS,
  log: (msg: string) => void = () => undefined,
): () => void {
  return startJob({ db: app.db, name: SCHOOL_YEAR_JOB, everyMs, now, work: (at) => applyDueYears(app, at, log), log });
}
