/** Issue 31: 'Nieuw schooljaar' on the demo school — the preview, the apply, its archive, and that a second run changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom } from '../../src/api/classrooms/types';
import type { Licence } from '../../src/api/licences/types';
import type { YearApplied, YearPlan } from '../../src/api/school-year/types';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const OTHER_SCHOOL = 'k.mulder@delinde.nl';
const YEAR = { name: '2027-2028', startsOn: '2027-09-06' };

let t: TestApp;
beforeAll(async () => {
  // The app's clock, not the real date: 2027-2028 must be a year still to come.
  t = await createTestApp({}, () => new Date('2026-11-28T09:00:00Z'));
  // A teacher of the other demo school who can sign in.
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
    DOCENT,
    OTHER_SCHOOL,
  ]);
});
afterAll(() => t.close());

const post = async (url: string, payload: object, who = DOCENT, key?: string) =>
  t.fastify.inject({
    method: 'POST',
    url: `/api/organisations/schoolYear/${url}`,
    headers: { ...(await t.as(who)), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const get = async (url: string) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(DOCENT) });

/** Everything the year change touches at Het Baken (school 1), to compare before and after. */
async function state() {
  const [row] = await t.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM classrooms WHERE organisation_id = 1) AS classes,
            (SELECT count(*)::int FROM classrooms WHERE organisation_id = 1 AND archived_at IS NOT NULL) AS archived,
            (SELECT count(*)::int FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id WHERE c.organisation_id = 1) AS seats,
            (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organisation_id = 1 AND m.active AND u.role = 'STUDENT') AS students,
            (SELECT count(*)::int FROM school_years) AS years`,
  );
  return row;
}

/** A student of one class only (some demo students are in two). */
const studentOf = async (className: string, nth = 1) => {
  const rows = await t.db.query<{ id: number; name: string }>(
    `SELECT u.id, u.name FROM users u JOIN classroom_students cs ON cs.user_id = u.id JOIN classrooms c ON c.id = cs.classroom_id
      WHERE c.organisation_id = 1 AND c.name = $1 AND u.email <> $2
        AND (SELECT count(*) FROM classroom_students o WHERE o.user_id = u.id) = 1
      ORDER BY u.id`,
    [className, LEERLING],
  );
  return rows[nth] as { id: number; name: string };
};

describe('who may change the school year', () => {
  it('refuses a teacher who is not ADMIN, a teacher of another school and a student (403), changing nothing', async () => {
    const before = await state();
    await t.db.query(`UPDATE users SET role = 'TEACHER' WHERE email = $1`, [COLLEGA]);
    for (const who of [COLLEGA, OTHER_SCHOOL, LEERLING]) {
      for (const url of ['preview', 'apply']) {
        const res = await post(url, YEAR, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().error.message).toMatch(/toegang|licenties|Leerlingen/);
      }
    }
    await t.db.query(`UPDATE users SET role = 'ADMIN' WHERE email = $1`, [COLLEGA]);
    expect(await state()).toEqual(before);
  });

  it('keeps another school’s teacher to her own school: Het Baken’s classes are not hers to plan', async () => {
    await t.db.query(`UPDATE organisations SET active = 1 WHERE id = 2`);
    const res = await post('preview', { ...YEAR, classes: [{ id: 1, action: 'stopt' }] }, OTHER_SCHOOL);
    await t.db.query(`UPDATE organisations SET active = 0 WHERE id = 2`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Klas 1 hoort niet bij de klassen van dit schooljaar. Laad het overzicht opnieuw.');
  });
});

describe('bad input', () => {
  it.each([
    [
      { name: 'volgend jaar', startsOn: '2027-09-06' },
      '‘volgend jaar’ is geen schooljaar: schrijf het als twee opeenvolgende jaren, bijvoorbeeld 2027-2028.',
    ],
    [
      { name: '2027-2029', startsOn: '2027-09-06' },
      '‘2027-2029’ is geen schooljaar: schrijf het als twee opeenvolgende jaren, bijvoorbeeld 2027-2028.',
    ],
    [{ name: '2027-2028', startsOn: '2027-02-30' }, 'Kies de datum waarop het nieuwe schooljaar begint.'],
    [
      { name: '2027-2028', startsOn: '2028-01-10' },
      'De startdatum 10 januari 2028 past niet bij schooljaar 2027-2028: kies een datum tussen 1 juli en 31 december 2027.',
    ],
    [{ ...YEAR, classes: [{ id: 999 }] }, 'Klas 999 hoort niet bij de klassen van dit schooljaar. Laad het overzicht opnieuw.'],
    [{ ...YEAR, classes: [{ id: 1, nextName: '  ' }] }, 'Vul een naam in voor de nieuwe klas van 1B.'],
    [{ ...YEAR, classes: [{ id: 1, nextLevel: 'havo' }] }, 'Kies een niveau voor de nieuwe klas van 1B: Basis, Kader, GL en TL.'],
    [
      { ...YEAR, classes: [{ id: 2, nextName: '2B' }] },
      'De klassen 1B en 1K worden samengevoegd tot 2B, maar hebben een ander niveau (Basis en Kader). Kies één niveau.',
    ],
    [
      { ...YEAR, students: [{ id: 999999, action: 'weg' }] },
      'Leerling 999999 hoort niet bij de leerlingen van deze school. Laad het overzicht opnieuw.',
    ],
  ])('answers 400 with the Dutch reason: %j', async (body, message) => {
    for (const url of ['preview', 'apply']) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('names the class a student cannot go to', async () => {
    const s = await studentOf('1B');
    const res = await post('apply', { ...YEAR, students: [{ id: s.id, nextClass: '5Z' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`${s.name} kan niet naar klas 5Z: die klas bestaat niet in het nieuwe schooljaar.`);
  });
});

describe('the year change on the demo school', () => {
  let plan: YearPlan;
  let applied: YearApplied;
  let before: Classroom[];
  let body: object;
  let exceptions: { behind: { id: number; name: string }; path: { id: number; name: string }; leaver: { id: number; name: string } };

  it('previews: every class its next class, the exam year leaves, and nothing is written', async () => {
    const s0 = await state();
    before = (await get('classrooms/school')).json();
    const res = await post('preview', YEAR);
    expect(res.statusCode).toBe(200);
    plan = res.json();
    const next = Object.fromEntries(
      plan.classes.map((c) => [c.name, c.action === 'stopt' ? `stopt (${c.reason ?? ''})` : `${c.nextName} ${c.nextLevel}`]),
    );
    expect(next).toEqual({
      '1B': '2B basis',
      '1K': '2K kader',
      '1GT': '2GT gl-tl',
      '2B-a': '3B-a basis',
      '2K-a': '3K-a kader',
      '2K-b': '3K-b kader',
      '2GT': '3GT gl-tl',
      '3BK': '4BK kader',
      '3K': '4K kader',
      '3GT': '4GT gl-tl',
      '4BK': 'stopt (eindexamenjaar)',
      '4GT': 'stopt (eindexamenjaar)',
    });
    expect(plan).toMatchObject({ name: '2027-2028', previousName: '2026-2027', retentionUntil: '2028-09-06', lastApplied: null });
    expect(plan.counts).toMatchObject({
      classesBefore: 12,
      classesAfter: 10,
      students: 298,
      door: 248,
      zitten: 0,
      weg: 50,
      withoutClass: 8,
    });
    expect(plan.students.filter((s) => s.action === 'weg').every((s) => s.classNames.some((n) => n.startsWith('4')))).toBe(true);
    expect(await state()).toEqual(s0);
  });

  it('applies the plan with the exceptions in one go', async () => {
    exceptions = { behind: await studentOf('1B'), path: await studentOf('2B-a'), leaver: await studentOf('1K') };
    body = {
      ...YEAR,
      // 2K-a and 2K-b merge into 3K; the empty 2GT stops.
      classes: [
        { id: before.find((c) => c.name === '2K-a')?.id, nextName: '3K' },
        { id: before.find((c) => c.name === '2K-b')?.id, nextName: '3K' },
        { id: before.find((c) => c.name === '2GT')?.id, action: 'stopt' },
      ],
      students: [
        { id: exceptions.behind.id, action: 'zitten' },
        { id: exceptions.path.id, nextLevel: 'kader', nextClass: '3K' },
        { id: exceptions.leaver.id, action: 'weg' },
      ],
    };
    const preview = (await post('preview', body)).json() as YearPlan;
    expect(preview.counts).toMatchObject({
      classesBefore: 12,
      classesAfter: 9,
      students: 298,
      door: 246,
      zitten: 1,
      weg: 51,
      levelChanges: 1,
      withoutClass: 8,
    });
    const res = await post('apply', body, DOCENT, 'year-change-0001');
    expect(res.statusCode).toBe(200);
    applied = res.json();
    expect(applied.counts).toEqual(preview.counts);
    expect(applied.message).toBe('Schooljaar 2027-2028 is ingesteld: 9 nieuwe klassen, 51 leerlingen van school.');
  });

  it('lists only the new classes, with fresh codes and their students', async () => {
    const now = (await get('classrooms/school')).json() as Classroom[];
    const byName = Object.fromEntries(now.map((c) => [c.name, c]));
    const counts = Object.fromEntries(now.map((c) => [c.name, c.studentCount]));
    expect(counts).toEqual({ '1B': 1, '2B': 25, '2K': 27, '2GT': 29, '3B-a': 23, '3K': 53, '4BK': 28, '4K': 26, '4GT': 27 });
    expect(byName['3K']?.defaultStudyLevel).toBe('kader');
    const oldCodes = new Set(before.map((c) => c.accessCode));
    expect(now.every((c) => !oldCodes.has(c.accessCode) && !c.archivedYear)).toBe(true);
    // Modules go with the class (merged: both classes' modules), so licences count in the new year.
    expect(byName['2B']?.chapters).toEqual(before.find((c) => c.name === '1B')?.chapters);
    expect(byName['3K']?.chapters).toEqual([5, 6, 9]);
    expect(applied.newClasses.map((c) => c.name).sort()).toEqual(Object.keys(counts).sort());
  });

  it('keeps last year’s classes readable under 2026-2027, and read-only', async () => {
    const archived = (await get('organisations/schoolYear/classes?year=2026')).json() as Classroom[];
    expect(archived.map((c) => c.name).sort()).toEqual(before.map((c) => c.name).sort());
    expect(archived.every((c) => c.archivedYear === '2026-2027')).toBe(true);
    expect(archived.find((c) => c.name === '1B')?.studentCount).toBe(26);
    expect((await get('organisations/schoolYear/archived')).json()).toEqual([{ name: '2026-2027', classCount: 12 }]);
    const [portfolio] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM portfolio_items WHERE classroom_id = ANY($1::int[])`,
      [before.map((c) => c.id)],
    );
    expect(portfolio?.n).toBeGreaterThan(0);
    const b1 = before.find((c) => c.name === '1B') as Classroom;
    const students = await get(`classrooms/students/${b1.id}`);
    expect(students.statusCode).toBe(200);
    const save = await t.fastify.inject({
      method: 'POST',
      url: '/api/classrooms/save',
      headers: await t.as(DOCENT),
      payload: { id: b1.id, name: '1B oud', defaultStudyLevel: 'basis', chapters: [1] },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().error.message).toBe('Klas 1B hoort bij schooljaar 2026-2027 en kan niet meer worden gewijzigd.');
  });

  it('moves every student as planned: on, behind, a new path, or out of the school', async () => {
    const classOf = async (id: number) =>
      (
        await t.db.query<{ name: string; level: string; active: boolean }>(
          `SELECT c.name, u.study_level AS level, m.active FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1
             LEFT JOIN classrooms c ON c.id = u.current_classroom_id WHERE u.id = $1`,
          [id],
        )
      )[0];
    expect(await classOf(exceptions.behind.id)).toMatchObject({ name: '1B', active: true });
    expect(await classOf(exceptions.path.id)).toMatchObject({ name: '3K', level: 'kader', active: true });
    expect(await classOf(exceptions.leaver.id)).toMatchObject({ name: null, active: false });
    const [left] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM memberships WHERE organisation_id = 1 AND NOT active AND inactive_since IS NOT NULL AND user_id IN (SELECT id FROM users WHERE role = 'STUDENT')`,
    );
    expect(left?.n).toBe(51);
    expect((await state())?.students).toBe(298 - 51);
    expect(((await get('organisations/students/orphans')).json() as unknown[]).length).toBe(8);
  });

  it('counts licences over the new year’s classes only', async () => {
    const licences = (await get('organisations/licenses')).json() as Licence[];
    expect(licences.reduce((n, l) => n + l.usedLicenseCount, 0)).toBe(applied.counts.licencesNext);
    expect(applied.counts.licencesNext).toBeLessThan(applied.counts.licencesNow);
  });

  it('does it once: a replay answers the first answer, a second apply of the year is refused, nothing changes', async () => {
    const after = await state();
    const replay = await post('apply', body, DOCENT, 'year-change-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(applied);
    for (const url of ['apply', 'preview']) {
      const again = await post(url, YEAR, DOCENT, url === 'apply' ? 'year-change-0002' : undefined);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/^Het schooljaar 2027-2028 is al ingesteld op \d+ \w+ \d{4}\. Er is niets gewijzigd\.$/);
    }
    const older = await post('apply', { name: '2026-2027', startsOn: '2026-09-07' });
    expect(older.statusCode).toBe(409);
    expect(after).toEqual({ ...after, classes: 21, archived: 12, years: 1 });
    expect(await state()).toEqual(after);
  });
});
