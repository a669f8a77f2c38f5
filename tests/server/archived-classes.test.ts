/**
 * Issue 31: after the year change, last year's classes (archived) are history. No picker offers them
 * (the dashboard's feed class, the portfolios' class choices, the student profile's classes), the
 * students' app files nothing under them, and editing a profile leaves a student's archived classes
 * as they were; the archive itself stays readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom } from '../../src/api/classrooms/types';
import type { Activity } from '../../src/api/dashboard/types';
import type { PortfolioFilters } from '../../src/api/portfolios/types';
import type { UserDetails } from '../../src/api/students/types';
import type { StudentLesson } from '../../src/api/students-app/types';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let archived: Classroom[];
let current: Classroom[];
const archivedIds = () => new Set(archived.map((c) => c.id));

const send = async (method: 'GET' | 'POST', url: string, payload?: object, who = DOCENT) =>
  t.fastify.inject({ method, url: `/api/${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const applied = await send('POST', 'organisations/schoolYear/apply', { name: '2027-2028', startsOn: '2027-09-06' });
  expect(applied.statusCode).toBe(200);
  archived = (await send('GET', 'organisations/schoolYear/classes?year=2026')).json();
  current = (await send('GET', 'classrooms/school')).json();
  expect(archived.length).toBe(12);
});
afterAll(() => t.close());

describe('pickers offer this year’s classes only', () => {
  it('the portfolios’ class choices (module overview and all activities) name no archived class', async () => {
    const selection = (await send('POST', 'portfolioItems/selection')).json() as PortfolioFilters;
    const filters = (await send('POST', 'portfolioItems/filters', {})).json() as PortfolioFilters;
    expect(selection.classrooms.map((c) => c.id).sort()).toEqual(
      current
        .filter((c) => !c.hidden)
        .map((c) => c.id)
        .sort(),
    );
    // The work of last year is still there (its lessons stay choosable), only its classes are not offered.
    expect(filters.lessons.length).toBeGreaterThan(0);
    for (const c of [...selection.classrooms, ...filters.classrooms]) expect(archivedIds().has(Number(c.id)), c.name).toBe(false);
  });

  it('the dashboard without a chosen class shows the feed of her class of this year, not of last year', async () => {
    await t.db.query(`UPDATE users SET current_classroom_id = NULL WHERE email = $1`, [DOCENT]);
    const feed = (await send('GET', 'activities/classroom')).json().activities as Activity[];
    // Her new classes have no activity yet; last year's class had plenty.
    expect(feed).toEqual([]);
  });

  it('a current class archived by the year change (or chosen by a choice queued before it) no longer feeds the dashboard', async () => {
    const last = archived.find((c) => c.studentCount > 0)!;
    await t.db.query(`UPDATE users SET current_classroom_id = $2 WHERE email = $1`, [DOCENT, last.id]);
    expect((await send('GET', 'activities/classroom')).json().activities as Activity[]).toEqual([]);
  });

  it('choosing last year’s class as the current class (a choice queued before the year change) is a 409 naming it, and the choice stays', async () => {
    const mine = current.find((c) => c.mainTeacherId !== undefined)!;
    expect((await send('GET', `users/setCurrentClassroomId/${mine.id}`)).statusCode).toBe(200);
    const last = archived[0]!;
    const res = await send('GET', `users/setCurrentClassroomId/${last.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Klas ${last.name} hoort bij schooljaar 2026-2027. Kies een klas van dit schooljaar.`);
    const [me] = await t.db.query<{ current: number }>(`SELECT current_classroom_id AS current FROM users WHERE email = $1`, [DOCENT]);
    expect(me!.current).toBe(mine.id);
  });

  it('a student’s profile lists her classes of this year, and saving it keeps her archived classes', async () => {
    const [her] = await t.db.query<{ id: number; email: string; name: string }>(`SELECT id, email, name FROM users WHERE email = $1`, [
      LEERLING,
    ]);
    const links = async () =>
      (
        await t.db.query<{ id: number }>(`SELECT classroom_id AS id FROM classroom_students WHERE user_id = $1 ORDER BY classroom_id`, [
          her!.id,
        ])
      ).map((r) => r.id);
    const before = await links();
    const old = before.filter((id) => archivedIds().has(id));
    expect(old.length).toBeGreaterThan(0);
    const details = (await send('GET', `users/details/${her!.id}`)).json() as UserDetails;
    expect(details.classrooms.length).toBeGreaterThan(0);
    expect(details.classrooms.some((id) => archivedIds().has(id))).toBe(false);

    const save = await send('POST', 'users/save', { id: her!.id, email: her!.email, name: her!.name, classrooms: details.classrooms });
    expect(save.statusCode).toBe(200);
    expect(await links()).toEqual(before);

    // An archived class cannot be chosen: a Dutch 400, nothing changed.
    const refused = await send('POST', 'users/save', {
      id: her!.id,
      email: her!.email,
      name: her!.name,
      classrooms: [...details.classrooms, old[0]],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.errors.classrooms).toBe('Kies alleen klassen van je eigen school en van dit schooljaar.');
    expect(await links()).toEqual(before);
  });
});

describe('the students’ app leaves last year’s class alone', () => {
  it('a student left without a class of this year gets no lessons, no check request and no sign-in in last year’s class', async () => {
    const [her] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [LEERLING]);
    // A class that 'stopt': she stays at school without a class of the new year.
    await t.db.query(`DELETE FROM classroom_students WHERE user_id = $1 AND classroom_id <> ALL($2::int[])`, [her!.id, [...archivedIds()]]);
    await t.db.query(`UPDATE users SET current_classroom_id = NULL WHERE id = $1`, [her!.id]);
    const activities = async () =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM activities WHERE user_id = $1`, [her!.id]))[0]!.n;
    const before = await activities();

    await t.login(LEERLING);
    const lessons = (await send('GET', 'student/lessons', undefined, LEERLING)).json() as StudentLesson[];
    expect(lessons).toEqual([]);
    const [lesson] = await t.db.query<{ id: number }>(`SELECT id FROM lessons ORDER BY id LIMIT 1`);
    const check = await send('POST', 'student/checkRequests', { lessonId: lesson!.id }, LEERLING);
    expect(check.statusCode).toBe(403);
    expect(check.json().error.message).toBe('Deze les hoort niet bij de modules van je klas.');
    expect(await activities()).toBe(before);
  });
});
