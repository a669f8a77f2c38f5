import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '../../src/api/classrooms/types';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

// 'd MMM yyyy HH:mm' in Dutch (part 1 §9).
const DUTCH_DATE = /^\d{1,2} (jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec) \d{4} \d{2}:\d{2}$/;
const SIX_MONTHS_MS = 182 * 24 * 3600_000;

let t: TestApp;
let otherSchoolStudent: number;
const ids = async (sql: string, params: (number | string)[] = []) => (await t.db.query<{ id: number }>(sql, params)).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  [otherSchoolStudent] = (await ids(`SELECT user_id AS id FROM classroom_students WHERE classroom_id = 13 ORDER BY user_id LIMIT 1`)) as [
    number,
  ];
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const del = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'DELETE', url: `/api/${url}`, headers: await t.as(who) });
const studentsOf = async (classroomId: number) => (await get(`classrooms/students/${classroomId}`)).json() as Student[];

describe('classrooms/students', () => {
  it('lists the students of a class with their last lesson, activity and level', async () => {
    const students = await studentsOf(1);
    expect(students).toHaveLength(26);
    expect(students.every((s) => s.classrooms.includes(1))).toBe(true);
    const names = students.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl')));
    const leerling = students.find((s) => s.id === 3);
    expect(leerling).toMatchObject({ email: 'leerling@demoschool.nl', isExternal: false, classrooms: [1] });
    const withLesson = students.find((s) => s.lastLessonId !== null);
    expect(withLesson?.lastLessonName).toBeTruthy();
    expect(withLesson?.lastLessonTitle).toContain(withLesson?.lastLessonName ?? '');
    const active = students.find((s) => s.lastActive !== null);
    expect(active?.lastActiveText).toMatch(DUTCH_DATE);
    expect(students.some((s) => s.studyLevel === 'basis')).toBe(true);
  });

  it('shows students in two classes with both', async () => {
    expect((await studentsOf(3)).some((s) => s.classrooms.length === 2 && s.classrooms.includes(1))).toBe(true);
  });

  it('answers an empty list for an empty class and 404 for a class of another school', async () => {
    expect(await studentsOf(12)).toEqual([]);
    const res = await get('classrooms/students/13');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Deze klas is niet gevonden.');
  });

  it('refuses a student', async () => {
    expect((await get('classrooms/students/1', LEERLING)).statusCode).toBe(403);
  });
});

describe('organisations/students/idle and orphans', () => {
  it('lists the students of the school not signed in for six months', async () => {
    const idle = (await get('organisations/students/idle')).json() as Student[];
    expect(idle.length).toBeGreaterThanOrEqual(15);
    for (const s of idle) {
      expect(s.email).not.toMatch(/delinde/);
      const last = s.lastLogin ? new Date(s.lastLogin).getTime() : null;
      if (last !== null) expect(Date.now() - last).toBeGreaterThan(SIX_MONTHS_MS);
    }
    expect(idle.some((s) => s.id === 3)).toBe(false);
  });

  it('includes a student who never signed in and registered over six months ago', async () => {
    const [orphan] = await ids(
      `SELECT u.id FROM users u WHERE u.role = 'STUDENT' AND u.last_login IS NULL AND u.current_organisation_id = 1 LIMIT 1`,
    );
    await t.db.query(`UPDATE users SET reg_date = now() - interval '200 days' WHERE id = $1`, [orphan!]);
    const idle = (await get('organisations/students/idle')).json() as Student[];
    expect(idle.find((s) => s.id === orphan)).toMatchObject({ lastLogin: null, lastActiveText: 'Nooit' });
  });

  it("a student who signs in leaves the list by the app's clock, not the database's", async () => {
    const own = await createTestApp({}, () => new Date(Date.now() + 365 * 24 * 3600_000));
    try {
      await own.login(LEERLING);
      const [me] = await own.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [LEERLING]);
      const res = await own.fastify.inject({ method: 'GET', url: '/api/organisations/students/idle', headers: await own.as(DOCENT) });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Student[]).some((s) => s.id === me!.id)).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('lists the students of the school without a class', async () => {
    const orphans = (await get('organisations/students/orphans')).json() as Student[];
    expect(orphans).toHaveLength(8);
    expect(orphans.every((s) => s.classrooms.length === 0)).toBe(true);
    expect(orphans.every((s) => !s.email.includes('delinde'))).toBe(true);
  });
});

describe('students/delete and students/portfolioCount', () => {
  it('counts the portfolio items of a student', async () => {
    const [row] = await t.db.query<{ user_id: number; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM portfolio_items GROUP BY user_id ORDER BY n DESC LIMIT 1`,
    );
    const res = await del(`students/portfolioCount/${row!.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: row!.n });
    expect(await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [row!.user_id])).toHaveLength(1);
  });

  it('deletes a student without a class; she is gone from the list', async () => {
    const orphan = ((await get('organisations/students/orphans')).json() as Student[])[0]!;
    const res = await del(`students/delete/${orphan.id}`);
    expect(res.statusCode).toBe(200);
    expect(((await get('organisations/students/orphans')).json() as Student[]).some((s) => s.id === orphan.id)).toBe(false);
    expect(await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [orphan.id])).toHaveLength(0);
  });

  it("answers 404 for another school's student, a teacher and an unknown id; 400 for a bad id", async () => {
    for (const id of [otherSchoolStudent, 2, 999999]) {
      expect((await del(`students/delete/${id}`)).statusCode).toBe(404);
      expect((await del(`students/portfolioCount/${id}`)).statusCode).toBe(404);
    }
    expect(await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [otherSchoolStudent])).toHaveLength(1);
    expect((await del('students/delete/abc')).statusCode).toBe(400);
  });
});

describe('students/bulk', () => {
  it('massMove moves the chosen students to the target class', async () => {
    const moving = (await studentsOf(2)).slice(0, 2).map((s) => s.id);
    const res = await post('students/bulk/massMove', { users: moving, currentClassroomId: 2, targetClassroomId: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 leerlingen verplaatst naar 3GT.');
    const target = await studentsOf(4);
    for (const id of moving) expect(target.find((s) => s.id === id)?.classrooms).toEqual([4]);
    expect((await studentsOf(2)).some((s) => moving.includes(s.id))).toBe(false);
  });

  it('massMove refuses the current class as target, with the reason', async () => {
    const res = await post('students/bulk/massMove', { users: [3], currentClassroomId: 1, targetClassroomId: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Kies een andere klas dan de huidige.');
  });

  it("massMove answers 404 for another school's class or student, and moves nobody", async () => {
    expect((await post('students/bulk/massMove', { users: [3], currentClassroomId: 1, targetClassroomId: 13 })).statusCode).toBe(404);
    expect(
      (await post('students/bulk/massMove', { users: [3, otherSchoolStudent], currentClassroomId: 1, targetClassroomId: 2 })).statusCode,
    ).toBe(404);
    expect((await studentsOf(1)).some((s) => s.id === 3)).toBe(true);
    const none = await post('students/bulk/massMove', { users: [], currentClassroomId: 1, targetClassroomId: 2 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Kies minstens één leerling.');
  });

  it('massDeleteCheck says whether portfolios would be deleted too', async () => {
    const withWork = await ids(`SELECT DISTINCT user_id AS id FROM portfolio_items ORDER BY user_id LIMIT 2`);
    const unsafe = await post('students/bulk/massDeleteCheck', { users: withWork });
    expect(unsafe.statusCode).toBe(200);
    expect(unsafe.json()).toMatchObject({ safe: false, portfolioCount: expect.any(Number) });
    expect(unsafe.json().portfolioCount).toBeGreaterThanOrEqual(2);
    const without = await ids(
      `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1
        WHERE u.role = 'STUDENT' AND NOT EXISTS (SELECT 1 FROM portfolio_items p WHERE p.user_id = u.id) ORDER BY u.id LIMIT 2`,
    );
    expect((await post('students/bulk/massDeleteCheck', { users: without })).json()).toEqual({ safe: true, portfolioCount: 0 });
    expect((await post('students/bulk/massDeleteCheck', { users: [otherSchoolStudent] })).statusCode).toBe(404);
  });

  it('massDelete deletes the chosen students of the school, and nobody when one is a stranger', async () => {
    const before = await studentsOf(7);
    const chosen = before.slice(0, 3).map((s) => s.id);
    const refused = await post('students/bulk/massDelete', { users: [...chosen, otherSchoolStudent] });
    expect(refused.statusCode).toBe(404);
    expect(await studentsOf(7)).toHaveLength(before.length);
    const res = await post('students/bulk/massDelete', { users: chosen });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('3 leerlingen verwijderd.');
    const after = await studentsOf(7);
    expect(after).toHaveLength(before.length - 3);
    expect(after.some((s) => chosen.includes(s.id))).toBe(false);
    expect((await post('students/bulk/massDelete', { users: 'all' })).statusCode).toBe(400);
  });

  it('answers 400 with the reason for any other bulk action', async () => {
    const res = await post('students/bulk/archive', { users: [3] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Onbekende actie: archive.');
  });

  it('refuses a student', async () => {
    expect((await post('students/bulk/massDeleteCheck', { users: [3] }, LEERLING)).statusCode).toBe(403);
    expect((await del('students/delete/3', LEERLING)).statusCode).toBe(403);
  });
});
