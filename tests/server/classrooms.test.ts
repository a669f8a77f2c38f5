import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom, Section } from '../../src/api/classrooms/types';
import type { Teacher } from '../../src/api/teachers/types';
import { insertClassroom } from '../../server/areas/classrooms/queries';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/;
const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
const HAS_STUDENTS =
  'Er zitten nog leerlingen in deze klas. Verwijder eerst de leerlingen uit de klas, alvorens je deze klas kan verwijderen.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const del = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'DELETE', url: `/api/${url}`, headers: await t.as(who) });
const school = async () => (await get('classrooms/school')).json() as Classroom[];

const newClass = { id: 0, name: '1A', defaultStudyLevel: 'kader', chapters: [1, 2], answersActivated: true };

describe('classrooms/school', () => {
  it("lists the school's classes with the teacher's own first, then by name", async () => {
    const rooms = await school();
    expect(rooms.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rooms.slice(0, 4).every((r) => r.mainTeacherId === 1)).toBe(true);
    expect(rooms.slice(4).every((r) => r.mainTeacherId !== 1)).toBe(true);
    expect(rooms.slice(0, 4).map((r) => r.name)).toEqual(['1B', '1K', '2B-a', '3GT']);
    const others = rooms.slice(4).map((r) => r.name);
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b, 'nl', { numeric: true })));
  });

  it('gives each class its teacher, student count, modules, code and level', async () => {
    const b1 = (await school()).find((r) => r.id === 1);
    expect(b1).toMatchObject({
      name: '1B',
      mainTeacherName: 'Sanne de Vries',
      studentCount: 26,
      chapters: [1, 2, 3, 5],
      defaultStudyLevel: 'basis',
      studyLevel: 'basis',
      answersActivated: true,
      hidden: false,
    });
    expect(b1?.accessCode).toMatch(CODE);
    expect((await school()).find((r) => r.id === 12)?.studentCount).toBe(0);
  });

  it('refuses a student', async () => {
    expect((await get('classrooms/school', LEERLING)).statusCode).toBe(403);
  });
});

describe('classrooms/details', () => {
  it('answers a class of the school', async () => {
    const res = await get('classrooms/details/2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 2, name: '1K', mainTeacherId: 1, chapters: [1, 2, 3, 4, 5] });
  });

  it('answers an empty class for id 0 (the new-class form)', async () => {
    expect((await get('classrooms/details/0')).json()).toEqual({
      id: 0,
      name: '',
      mainTeacherId: 1,
      mainTeacherName: 'Sanne de Vries',
      accessCode: '',
      defaultStudyLevel: '',
      studyLevel: '',
      studentCount: 0,
      answersActivated: false,
      chapters: [],
      hidden: false,
    });
  });

  it("answers 404 for another school's class and 400 for a bad id", async () => {
    const res = await get('classrooms/details/13');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Deze klas is niet gevonden.');
    expect((await get('classrooms/details/x')).statusCode).toBe(400);
  });
});

describe('classrooms/save', () => {
  it('creates a class with a server-made code, ignoring the code the client sent', async () => {
    const res = await post('classrooms/save', { ...newClass, accessCode: 'AAAAAA' });
    expect(res.statusCode).toBe(200);
    const room = res.json() as Classroom;
    expect(room).toMatchObject({
      name: '1A',
      mainTeacherId: 1,
      defaultStudyLevel: 'kader',
      chapters: [1, 2],
      answersActivated: true,
      studentCount: 0,
    });
    expect(room.id).toBeGreaterThan(15);
    expect(room.accessCode).toMatch(CODE);
    expect(room.accessCode).not.toBe('AAAAAA');
    expect((await school()).some((r) => r.id === room.id)).toBe(true);
  });

  it('makes a different code for every class', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(((await post('classrooms/save', { ...newClass, name: `Code ${i}` })).json() as Classroom).accessCode);
    const all = (await t.db.query<{ access_code: string }>(`SELECT access_code FROM classrooms`)).map((r) => r.access_code);
    expect(new Set(all).size).toBe(all.length);
    for (const code of made) expect(code).toMatch(CODE);
  });

  it('tries another code when the first one is taken', async () => {
    const [taken] = await t.db.query<{ access_code: string }>(`SELECT access_code FROM classrooms WHERE id = 1`);
    const codes = [taken!.access_code, 'ZZ2345'];
    const id = await insertClassroom(
      t.db,
      { organisationId: 1, name: 'Botsing', mainTeacherId: 1, defaultStudyLevel: 'basis', answersActivated: false },
      () => codes.shift()!,
    );
    const [row] = await t.db.query<{ access_code: string }>(`SELECT access_code FROM classrooms WHERE id = $1`, [id]);
    expect(row?.access_code).toBe('ZZ2345');
  });

  it('updates name, teacher, level and modules but keeps the code', async () => {
    const before = (await get('classrooms/details/3')).json() as Classroom;
    const res = await post('classrooms/save', {
      id: 3,
      name: ' 2B-b ',
      mainTeacherId: 2,
      defaultStudyLevel: 'kader',
      chapters: [6, 7, 8],
      accessCode: 'XXXXXX',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 3,
      name: '2B-b',
      mainTeacherId: 2,
      mainTeacherName: 'Ahmed El Amrani',
      defaultStudyLevel: 'kader',
      chapters: [6, 7, 8],
      accessCode: before.accessCode,
      answersActivated: before.answersActivated,
    });
    // No longer docent's own class: it moves out of the first group.
    const rooms = await school();
    expect(rooms.slice(0, 3).map((r) => r.id)).not.toContain(3);
  });

  it('answers 400 with the form message and a Dutch reason per field', async () => {
    const res = await post('classrooms/save', { id: 0, name: '  ', defaultStudyLevel: 'havo', chapters: [], mainTeacherId: 10 });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe(REQUIRED);
    expect(Object.keys(error.errors).sort()).toEqual(['chapters', 'defaultStudyLevel', 'mainTeacherId', 'name']);
    expect(error.errors.defaultStudyLevel).toMatch(/Basis, Kader, GL en TL/);
  });

  it('refuses modules that do not exist, a student as teacher, and a name over 100 characters', async () => {
    const chapters = await post('classrooms/save', { ...newClass, chapters: [1, 99999] });
    expect(chapters.statusCode).toBe(400);
    expect(chapters.json().error.errors.chapters).toBe('Een of meer gekozen modules bestaan niet.');
    const student = await post('classrooms/save', { ...newClass, mainTeacherId: 3 });
    expect(student.json().error.errors.mainTeacherId).toBeTruthy();
    const long = await post('classrooms/save', { ...newClass, name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    const missing = await post('classrooms/save', { id: 0, name: 'Zonder modules' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/Ongeldige invoer/);
  });

  it("answers 404 when saving another school's class", async () => {
    const res = await post('classrooms/save', { ...newClass, id: 14 });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.query<{ name: string }>(`SELECT name FROM classrooms WHERE id = 14`);
    expect(row?.name).toBe('2GT');
  });
});

describe('classrooms/delete', () => {
  it('refuses a class that still has students, with the exact text', async () => {
    const res = await del('classrooms/delete/1');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(HAS_STUDENTS);
    expect((await get('classrooms/details/1')).statusCode).toBe(200);
  });

  it('deletes an empty class', async () => {
    const res = await del('classrooms/delete/12');
    expect(res.statusCode).toBe(200);
    expect((await school()).some((r) => r.id === 12)).toBe(false);
    expect((await get('classrooms/details/12')).statusCode).toBe(404);
  });

  it("answers 404 for another school's class", async () => {
    expect((await del('classrooms/delete/15')).statusCode).toBe(404);
    expect(await t.db.query(`SELECT 1 FROM classrooms WHERE id = 15`)).toHaveLength(1);
  });
});

describe('organisations/teachers and organisations/sections', () => {
  it("lists the school's teachers with their status, without students or other schools' teachers", async () => {
    const teachers = (await get('organisations/teachers')).json() as Teacher[];
    const ids = teachers.map((x) => x.id).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
    expect(teachers.find((x) => x.id === 1)).toEqual({ id: 1, name: 'Sanne de Vries', email: 'docent@demoschool.nl', status: 'active' });
    expect(teachers.find((x) => x.id === 8)?.status).toBe('inactive');
  });

  it('lists the modules by section in order, with the first lesson of each and whether the section is active', async () => {
    const sections = (await get('organisations/sections')).json() as Section[];
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections[0]).toMatchObject({ id: 1, active: expect.any(Boolean) });
    expect(sections[0]?.chapters.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    const [first] = await t.db.query<{ id: number }>(`SELECT id FROM lessons WHERE chapter_id = 1 ORDER BY position, id LIMIT 1`);
    expect(sections[0]?.chapters[0]).toMatchObject({ id: 1, name: expect.any(String), firstLessonId: first?.id });
  });

  it('refuses a student', async () => {
    expect((await get('organisations/teachers', LEERLING)).statusCode).toBe(403);
    expect((await get('organisations/sections', LEERLING)).statusCode).toBe(403);
  });
});
