/** Issue 28 items 1, 12, 14 and 15: classes without module assignment, an inactive school without licence rows, form-encoded saves, one name per class. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom } from '../../src/api/classrooms/types';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const FORM = 'application/x-www-form-urlencoded';

describe('can_assign_chapters false (part 1 §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicConfig: { can_assign_chapters: false } });
  });
  afterAll(() => t.close());
  const post = async (payload: object) =>
    t.fastify.inject({ method: 'POST', url: '/api/classrooms/save', headers: await t.as(DOCENT), payload });

  it('creates a class with a name and level only; it gets the modules of the active subjects', async () => {
    const res = await post({ id: 0, name: 'Zonder keuze', defaultStudyLevel: 'basis', chapters: [], mainTeacherId: null, accessCode: '' });
    expect(res.statusCode, res.body).toBe(200);
    const room = res.json() as Classroom;
    const active = await t.db.query<{ id: number }>(`SELECT c.id FROM chapters c JOIN sections s ON s.id = c.section_id WHERE s.active`);
    expect([...room.chapters].sort((a, b) => a - b)).toEqual(active.map((r) => r.id).sort((a, b) => a - b));
  });

  it('keeps the modules a class has when it is edited', async () => {
    const before = (await (
      await t.fastify.inject({ method: 'GET', url: '/api/classrooms/details/2', headers: await t.as(DOCENT) })
    ).json()) as Classroom;
    const res = await post({
      id: 2,
      name: before.name,
      defaultStudyLevel: before.defaultStudyLevel,
      chapters: [],
      mainTeacherId: before.mainTeacherId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Classroom).chapters).toEqual(before.chapters);
  });
});

describe('classrooms/save and the bulk calls, form-encoded (part 1 §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const form = async (url: string, body: string, who = DOCENT) =>
    t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: { ...(await t.as(who)), 'content-type': FORM }, payload: body });

  it('saves a class sent as a form, with lists as repeated or bracketed keys', async () => {
    const res = await form(
      'classrooms/save',
      'id=0&name=Formulier&mainTeacherId=&accessCode=&defaultStudyLevel=kader&answersActivated=true&chapters%5B%5D=1&chapters%5B%5D=2',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Formulier',
      defaultStudyLevel: 'kader',
      answersActivated: true,
      chapters: [1, 2],
      mainTeacherId: 1,
    });
    const again = await form(
      'classrooms/save',
      `id=${(res.json() as Classroom).id}&name=Formulier&defaultStudyLevel=basis&chapters=3&chapters=4`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ defaultStudyLevel: 'basis', chapters: [3, 4] });
  });

  it('refuses a form with the same Dutch field messages as JSON', async () => {
    const res = await form('classrooms/save', 'id=0&name=&defaultStudyLevel=havo');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Alle velden zijn verplicht om in te vullen.');
    expect(Object.keys(res.json().error.errors).sort()).toEqual(['chapters', 'defaultStudyLevel', 'name']);
    const bad = await form('classrooms/save', 'id=abc&name=X&defaultStudyLevel=basis&chapters=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Ongeldige invoer/);
  });

  it('answers massDeleteCheck and massMove sent as a form', async () => {
    const students = (await (
      await t.fastify.inject({ method: 'GET', url: '/api/classrooms/students/1', headers: await t.as(DOCENT) })
    ).json()) as { id: number }[];
    const [a, b] = students;
    const check = await form('students/bulk/massDeleteCheck', `users%5B%5D=${a!.id}&users%5B%5D=${b!.id}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toHaveProperty('safe');
    const move = await form('students/bulk/massMove', `users%5B0%5D=${a!.id}&targetClassroomId=2&currentClassroomId=1`);
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json().message).toMatch(/^1 leerling verplaatst naar/);
  });

  it('still needs the bearer token and an ADMIN: a form is no way around access', async () => {
    const anon = await t.fastify.inject({
      method: 'POST',
      url: '/api/classrooms/save',
      headers: { 'content-type': FORM },
      payload: 'id=0&name=X',
    });
    expect(anon.statusCode).toBe(401);
    expect((await form('classrooms/save', 'id=0&name=X', LEERLING)).statusCode).toBe(403);
  });

  it('keeps JSON only for calls outside the spec lists (the students app)', async () => {
    const res = await form('student/studyLevel', 'level=basis', LEERLING);
    expect(res.statusCode).toBe(415);
  });
});

describe('one name per class in a school', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const post = async (payload: object) =>
    t.fastify.inject({ method: 'POST', url: '/api/classrooms/save', headers: await t.as(DOCENT), payload });
  const fields = { defaultStudyLevel: 'basis', chapters: [1] };

  it("refuses a second '1B' (also ' 1b '), with a Dutch message on the name", async () => {
    for (const name of ['1B', ' 1b ']) {
      const res = await post({ id: 0, name, ...fields });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.errors.name).toBe('Er is al een klas met de naam ' + name.trim() + ' op deze school. Kies een andere naam.');
    }
    const count = await t.db.query(`SELECT 1 FROM classrooms WHERE organisation_id = 1 AND lower(name) = '1b'`);
    expect(count).toHaveLength(1);
  });

  it("refuses renaming a class to another's name, but saves a class under its own name", async () => {
    expect((await post({ id: 2, name: '1B', ...fields })).statusCode).toBe(400);
    expect((await post({ id: 1, name: '1B', ...fields })).statusCode).toBe(200);
  });

  it('allows the name another school uses', async () => {
    const [other] = await t.db.query<{ name: string }>(`SELECT name FROM classrooms WHERE organisation_id <> 1 LIMIT 1`);
    const res = await post({ id: 0, name: other!.name, ...fields });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('an inactive school and its licences (part 1 §2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = async (url: string) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(DOCENT) });

  it("lists no licence rows where the banner says 'nog geen licenties besteld'", async () => {
    expect(((await get('organisations/licenses')).json() as unknown[]).length).toBeGreaterThan(0);
    expect((await get('users/setCurrentOrganisationId/2')).statusCode).toBe(200);
    expect((await get('organisations/info')).json()).toMatchObject({ active: 0 });
    const res = await get('organisations/licenses');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
