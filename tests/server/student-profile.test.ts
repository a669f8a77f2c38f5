import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizResult, UserDetails } from '../../src/api/students/types';
import { COLLEGA, createTestApp, DOCENT, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
let student: { id: number; email: string; classroom_id: number }; // internal, at Het Baken, with quiz results
let external: number;
let otherSchoolStudent: number;
beforeAll(async () => {
  t = await createTestApp();
  const one = async <T>(sql: string) => (await t.db.query<T>(sql))[0]!;
  student = await one(
    `SELECT u.id, u.email, cs.classroom_id FROM users u JOIN classroom_students cs ON cs.user_id = u.id JOIN classrooms c ON c.id = cs.classroom_id
      WHERE u.role = 'STUDENT' AND NOT u.is_external AND c.organisation_id = 1 AND u.id > 3
        AND EXISTS (SELECT 1 FROM quiz_results q WHERE q.user_id = u.id)
      ORDER BY u.id LIMIT 1`,
  );
  external = (
    await one<{ id: number }>(
      `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.is_external ORDER BY u.id LIMIT 1`,
    )
  ).id;
  otherSchoolStudent = (await one<{ user_id: number }>(`SELECT user_id FROM classroom_students WHERE classroom_id = 13 LIMIT 1`)).user_id;
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const save = async (payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: '/api/users/save', headers: await t.as(who), payload });
/** Signs in as the student through the real sign-in call; answers the status code. */
const signIn = async (email: string, password: string) => {
  const res = await t.fastify.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: Buffer.from(password).toString('base64'), encoding: 'base64' }).toString(),
  });
  return { status: res.statusCode, body: res.json() as { refreshToken?: string } };
};
const details = async (id: number) => (await get(`users/details/${id}`)).json() as UserDetails;
const passwordChange = (fields: object) => ({ id: student.id, changepassword: true, ...fields });

describe('users/details', () => {
  it('answers a student of the school with class ids and names', async () => {
    const res = await get(`users/details/${student.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as UserDetails;
    const [cls] = await t.db.query<{ name: string }>(`SELECT name FROM classrooms WHERE id = $1`, [student.classroom_id]);
    expect(d).toMatchObject({
      id: student.id,
      email: student.email,
      role: 'STUDENT',
      isExternal: false,
      organisationFrontName: 'Het Baken',
    });
    expect(d.classrooms).toContain(student.classroom_id);
    expect(d.classroomTexts).toContain(cls!.name);
    expect((await details(external)).isExternal).toBe(true);
  });

  it('answers 404 for a student of another school', async () => {
    expect((await get(`users/details/${otherSchoolStudent}`)).statusCode).toBe(404);
  });
});

describe('users/save, profile', () => {
  it('saves e-mail, name, level and classes; an empty name becomes the e-mail', async () => {
    const email = `nieuw.adres.${student.id}@leerling.hetbaken.nl`;
    const res = await save({ id: student.id, email, name: '  ', studyLevel: 'gl-tl', classrooms: [2, 4] });
    expect(res.statusCode).toBe(200);
    const d = res.json() as UserDetails;
    expect(d).toMatchObject({ email, name: email, studyLevel: 'gl-tl' });
    expect(d.classrooms.sort()).toEqual([2, 4]);
    expect(d.classroomTexts).toBe('1K, 3GT');
    const back = await save({
      id: student.id,
      email: student.email,
      name: 'Sanne de Vries',
      studyLevel: null,
      classrooms: [student.classroom_id],
    });
    expect(back.json()).toMatchObject({ name: 'Sanne de Vries', studyLevel: null, classrooms: [student.classroom_id] });
  });

  it('refuses a missing, invalid or taken e-mail with errors per field', async () => {
    for (const email of ['', 'geen-adres', DOCENT.toUpperCase()]) {
      const res = await save({ id: student.id, email, name: 'X' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'Niet alle verplichte velden zijn ingevuld.',
        errors: { email: expect.any(String) },
      });
    }
    expect((await details(student.id)).email).toBe(student.email);
  });

  it('refuses an unknown level and a class of another school', async () => {
    const level = await save({ id: student.id, email: student.email, studyLevel: 'expert' });
    expect(level.statusCode).toBe(400);
    expect(level.json().error.errors.studyLevel).toBeTruthy();
    const foreign = await save({ id: student.id, email: student.email, classrooms: [student.classroom_id, 13] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.errors.classrooms).toBeTruthy();
    expect((await details(student.id)).classrooms).toEqual([student.classroom_id]);
  });

  it('answers 404 for a student of another school and 403 for a colleague', async () => {
    expect((await save({ id: otherSchoolStudent, email: 'x@y.nl' })).statusCode).toBe(404);
    expect((await save({ id: 2, email: COLLEGA })).statusCode).toBe(403);
  });
});

describe('users/save, password', () => {
  const known = 'BekendWachtwoord1';
  const fresh = 'NieuwWachtwoord2';

  it('sets a known password that the student can sign in with', async () => {
    const res = await save(passwordChange({ adminpassword: PASSWORD, newpassword: known, repeatpassword: known }));
    expect(res.statusCode).toBe(200);
    expect((await signIn(student.email, known)).status).toBe(200);
  });

  it('refuses a wrong teacher password and leaves the student’s password unchanged', async () => {
    const res = await save(passwordChange({ adminpassword: 'niet-mijn-wachtwoord', newpassword: fresh, repeatpassword: fresh }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errors.adminpassword).toBe('Je eigen wachtwoord klopt niet.');
    expect((await signIn(student.email, fresh)).status).toBe(401);
    expect((await signIn(student.email, known)).status).toBe(200);
  });

  it('asks for every field, a long enough password and the same repeat', async () => {
    const empty = await save(passwordChange({ adminpassword: PASSWORD, newpassword: '', repeatpassword: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      message: 'Alle velden zijn verplicht om in te vullen.',
      errors: { newpassword: expect.any(String), repeatpassword: expect.any(String) },
    });
    const short = await save(passwordChange({ adminpassword: PASSWORD, newpassword: 'kort', repeatpassword: 'kort' }));
    expect(short.json().error.errors.newpassword).toMatch(/8 tekens/);
    const mismatch = await save(passwordChange({ adminpassword: PASSWORD, newpassword: fresh, repeatpassword: fresh + 'x' }));
    expect(mismatch.json().error.errors.repeatpassword).toBeTruthy();
  });

  it('changes the password: the new one works, the old one and the old sessions do not', async () => {
    const session = await signIn(student.email, known);
    const res = await save(passwordChange({ adminpassword: PASSWORD, newpassword: fresh, repeatpassword: fresh }));
    expect(res.statusCode).toBe(200);
    expect((await signIn(student.email, fresh)).status).toBe(200);
    expect((await signIn(student.email, known)).status).toBe(401);
    const refresh = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${session.body.refreshToken}` });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a password for an external (single sign-on) account', async () => {
    const res = await save({ id: external, changepassword: true, adminpassword: PASSWORD, newpassword: fresh, repeatpassword: fresh });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/extern account/);
  });

  it('stops guessing the teacher’s own password after 5 wrong attempts', async () => {
    const wrong = () => save(passwordChange({ adminpassword: 'gok', newpassword: fresh, repeatpassword: fresh }), COLLEGA);
    for (let i = 0; i < 5; i++) expect((await wrong()).statusCode).toBe(400);
    const blocked = await wrong();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/te vaak/);
    // Even the right password waits out the window.
    expect((await save(passwordChange({ adminpassword: PASSWORD, newpassword: fresh, repeatpassword: fresh }), COLLEGA)).statusCode).toBe(
      429,
    );
  });
});

describe('students/quizResults', () => {
  it('answers the student’s results newest first with a rounded percentage', async () => {
    const res = await get(`students/quizResults/${student.id}`);
    expect(res.statusCode).toBe(200);
    const results = res.json() as QuizResult[];
    const count = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM quiz_results WHERE user_id = $1`, [student.id]))[0]!.n;
    expect(results).toHaveLength(count);
    for (const r of results) expect(r.percentage).toBe(Math.round((r.good / r.total) * 100));
    const dates = results.map((r) => r.dateText);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(results[0]!.title).toBeTruthy();
  });

  it('answers 404 for a student of another school', async () => {
    expect((await get(`students/quizResults/${otherSchoolStudent}`)).statusCode).toBe(404);
  });
});
