/**
 * 'Nieuw schooljaar' against the app's clock (28 November 2026): a year that is over is refused, and a
 * change whose first school day is still to come is planned, applied on that day by the school-year
 * job (once, whatever the number of processes), cancelled, or applied now on request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { YearApplied, YearPlan, YearStatus } from '../../src/api/school-year/types';
import { applyDueYears, SCHOOL_YEAR_JOB, startSchoolYearJob } from '../../server/jobs/school-year';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

const NEXT = { name: '2027-2028', startsOn: '2027-09-06' };
// 10:00 in Amsterdam; 6 September 2027 begins there at 22:00 UTC the day before (summer time).
const TODAY = new Date('2026-11-28T09:00:00Z');

let t: TestApp;
let clock: Date;
afterEach(() => t.close());

async function fresh() {
  clock = TODAY;
  t = await createTestApp({}, () => clock);
}

const call = async (url: string, payload?: object) =>
  t.fastify.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/organisations/schoolYear/${url}`,
    headers: await t.as(DOCENT),
    ...(payload ? { payload } : {}),
  });

/** What the year change touches at Het Baken (school 1). */
async function school() {
  const [row] = await t.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM classrooms WHERE organisation_id = 1 AND archived_at IS NULL) AS current,
            (SELECT count(*)::int FROM classrooms WHERE organisation_id = 1 AND archived_at IS NOT NULL) AS archived,
            (SELECT count(*)::int FROM school_years) AS years,
            (SELECT count(*)::int FROM school_year_schedules) AS planned`,
  );
  return row;
}
const classIds = async (...names: string[]) => {
  const rows = await t.db.query<{ id: number; name: string }>(
    `SELECT id, name FROM classrooms WHERE organisation_id = 1 AND name = ANY($1)`,
    [names],
  );
  return names.map((n) => rows.find((r) => r.name === n)?.id ?? 0);
};
const archivedUnder = async () =>
  (await t.db.query<{ y: string }>(`SELECT DISTINCT school_year AS y FROM classrooms WHERE archived_at IS NOT NULL ORDER BY 1`)).map(
    (r) => r.y,
  );

describe('a school year that is over', () => {
  it('is refused with the reason, for the preview and the apply, and nothing moves', async () => {
    await fresh();
    const before = await school();
    for (const url of ['preview', 'apply', 'schedule']) {
      const res = await call(url, { name: '2025-2026', startsOn: '2025-09-01' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'Schooljaar 2025-2026 is al voorbij: het liep tot en met 31 juli 2026. Kies het schooljaar dat nu loopt of het volgende.',
        errors: { name: 'Schooljaar 2025-2026 is al voorbij.' },
      });
    }
    expect(await school()).toEqual(before);
  });

  it('leaves the year that runs now and gives the date picker its lower bound', async () => {
    await fresh();
    const status = (await call('status')).json() as YearStatus;
    expect(status).toMatchObject({ today: '2026-11-28', earliestStart: '2026-07-01', proposal: NEXT, lastApplied: null, scheduled: null });
    expect((await call('preview', { name: '2026-2027', startsOn: '2026-09-07' })).statusCode).toBe(200);
  });
});

describe('a year change planned for its first school day', () => {
  it('changes nothing when planned, and is applied by the job on that day, not the day before', async () => {
    await fresh();
    const before = await school();
    const res = await call('schedule', NEXT);
    expect(res.statusCode).toBe(200);
    const status = res.json() as YearStatus;
    expect(status.scheduled).toMatchObject({ name: '2027-2028', startsOn: '2027-09-06', problem: null });
    expect(status.scheduled?.counts).toMatchObject({ classesBefore: 12, classesAfter: 10, weg: 50 });
    expect(await school()).toEqual({ ...before, planned: 1 });
    // While it is planned the wizard cannot start another.
    for (const url of ['preview', 'apply', 'schedule']) {
      const again = await call(url, NEXT);
      expect(again.statusCode, url).toBe(409);
      expect(again.json().error.message).toBe(
        'Schooljaar 2027-2028 is al gepland voor 6 september 2027. Annuleer dat eerst als je iets anders wilt. Er is niets gewijzigd.',
      );
    }

    expect(await applyDueYears(t.context, new Date('2027-09-05T21:59:00Z'))).toBe(
      'applied 0 planned school year(s), 0 could not be applied',
    );
    expect(await school()).toEqual({ ...before, planned: 1 });
    clock = new Date('2027-09-05T22:05:00Z');
    expect(await applyDueYears(t.context, clock)).toBe('applied 1 planned school year(s), 0 could not be applied');
    expect(await school()).toEqual({ current: 10, archived: 12, years: 1, planned: 0 });
    expect(await archivedUnder()).toEqual(['2026-2027']);
    const after = (await call('status')).json() as YearStatus;
    expect(after).toMatchObject({ scheduled: null, lastApplied: { name: '2027-2028' }, proposal: { name: '2028-2029' } });
  });

  it('is applied at the first run after the day when no server ran on it, once across two processes', async () => {
    await fresh();
    expect((await call('schedule', NEXT)).statusCode).toBe(200);
    await t.db.query(`DELETE FROM job_runs WHERE name = $1`, [SCHOOL_YEAR_JOB]);
    clock = new Date('2027-09-08T06:00:00Z');
    const logs: string[] = [];
    const stops = [0, 1].map(() =>
      startSchoolYearJob(
        t.context,
        () => clock,
        3_600_000,
        (m) => logs.push(m),
      ),
    );
    const { vi } = await import('vitest');
    await vi.waitFor(() => expect(logs.filter((l) => l.startsWith(SCHOOL_YEAR_JOB))).toHaveLength(1), { timeout: 10_000 });
    stops.forEach((stop) => stop());
    expect(logs).toEqual([`${SCHOOL_YEAR_JOB}: applied 1 planned school year(s), 0 could not be applied`]);
    expect(await school()).toEqual({ current: 10, archived: 12, years: 1, planned: 0 });
  });

  it('is refused when its first school day is today or past: that year is applied now', async () => {
    await fresh();
    const res = await call('schedule', { name: '2026-2027', startsOn: '2026-09-07' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('De eerste schooldag, 7 september 2026, is vandaag of al voorbij: voer het schooljaar nu in.');
  });

  it('‘Annuleren’ removes the plan: nothing happens on the day', async () => {
    await fresh();
    await call('schedule', NEXT);
    const cancelled = await call('cancel', { name: '2027-2028' });
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as YearStatus).scheduled).toBeNull();
    const twice = await call('cancel', { name: '2027-2028' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'Er is geen schooljaar 2027-2028 gepland: het is al ingevoerd of geannuleerd. Er is niets gewijzigd.',
    );
    expect(await applyDueYears(t.context, new Date('2027-09-06T08:00:00Z'))).toMatch(/^applied 0 /);
    expect(await school()).toMatchObject({ current: 12, archived: 0, years: 0, planned: 0 });
  });

  it('‘Nu invoeren’ applies the planned year today, with the edits it was planned with', async () => {
    await fresh();
    const [b2ka = 0, b2kb = 0] = await classIds('2K-a', '2K-b');
    const edits = {
      ...NEXT,
      classes: [
        { id: b2ka, nextName: '3K' },
        { id: b2kb, nextName: '3K' },
      ],
    };
    const planned = (await call('preview', edits)).json() as YearPlan;
    await call('schedule', edits);
    const res = await call('applyScheduled', { name: '2027-2028' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as YearApplied).counts).toEqual(planned.counts);
    expect(await school()).toEqual({ current: planned.counts.classesAfter, archived: 12, years: 1, planned: 0 });
    expect(await applyDueYears(t.context, new Date('2027-09-06T08:00:00Z'))).toMatch(/^applied 0 /);
  });

  it('keeps a plan that no longer fits with the reason, and the page sees it', async () => {
    await fresh();
    const [b2ka = 0, b2kb = 0] = await classIds('2K-a', '2K-b');
    await call('schedule', {
      ...NEXT,
      classes: [
        { id: b2ka, nextName: '3K' },
        { id: b2kb, nextName: '3K' },
      ],
    });
    // Later in the year 2K-b becomes a basis class: merging it with kader 2K-a no longer fits.
    await t.db.query(`UPDATE classrooms SET default_study_level = 'basis' WHERE id = $1`, [b2kb]);
    expect(await applyDueYears(t.context, new Date('2027-09-06T08:00:00Z'))).toBe(
      'applied 0 planned school year(s), 1 could not be applied',
    );
    expect(await school()).toMatchObject({ current: 12, archived: 0, years: 0, planned: 1 });
    const status = (await call('status')).json() as YearStatus;
    expect(status.scheduled?.problem).toBe(
      'De klassen 2K-a en 2K-b worden samengevoegd tot 3K, maar hebben een ander niveau (Kader en Basis). Kies één niveau.',
    );
    expect(status.scheduled?.counts).toBeNull();
  });
});
