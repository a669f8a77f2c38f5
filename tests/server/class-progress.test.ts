/**
 * 'Voortgang' of a class (issue 32): every cell state counted right, the period, the ETag, and
 * refusals for another school's class and for a student.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassProgress, ProgressState } from '../../src/api/portfolios/types';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let classId: number;
let lessonIds: number[];
const itemOf = new Map<string, number>();

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
  const [row] = await t.db.query<T>(sql, params as never[]);
  return row as T;
};

/** Each student is in exactly one state in the first lesson of the module. */
const PEOPLE: { name: string; state: ProgressState; blocks?: { submitted: boolean; status: string }[]; check?: 'OPEN' | 'APPROVED' }[] = [
  { name: 'Anna Aalders', state: 'none' },
  { name: 'Bram Bos', state: 'busy', blocks: [{ submitted: false, status: '' }] },
  {
    name: 'Cas Claassen',
    state: 'submitted',
    blocks: [
      { submitted: true, status: 'PERFECT' },
      { submitted: true, status: '' },
    ],
  },
  {
    name: 'Dirk Dekker',
    state: 'G',
    blocks: [
      { submitted: true, status: 'PERFECT' },
      { submitted: false, status: '' },
    ],
  },
  {
    name: 'Eva Evers',
    state: 'V',
    blocks: [
      { submitted: true, status: 'PERFECT' },
      { submitted: true, status: 'GOOD' },
    ],
  },
  {
    name: 'Fleur Faber',
    state: 'O',
    blocks: [
      { submitted: true, status: 'GOOD' },
      { submitted: true, status: 'WRONG' },
    ],
  },
  { name: 'Gijs Groen', state: 'check', blocks: [{ submitted: true, status: 'PERFECT' }], check: 'OPEN' },
  { name: 'Hanna Hendriks', state: 'approved', blocks: [{ submitted: true, status: 'GOOD' }], check: 'APPROVED' },
];

beforeAll(async () => {
  t = await createTestApp();
  const { chapter_id } = await one<{ chapter_id: number }>(
    `SELECT chapter_id FROM lessons GROUP BY chapter_id HAVING count(*) >= 2 ORDER BY chapter_id LIMIT 1`,
  );
  lessonIds = (await t.db.query<{ id: number }>(`SELECT id FROM lessons WHERE chapter_id = $1 ORDER BY position, id`, [chapter_id])).map(
    (r) => r.id,
  );
  ({ id: classId } = await one<{ id: number }>(
    `INSERT INTO classrooms (organisation_id, name, access_code) VALUES (1, 'Voortgang 3B', 'VG3B-TEST') RETURNING id`,
  ));
  await t.db.query(`INSERT INTO classroom_chapters (classroom_id, chapter_id) VALUES ($1, $2)`, [classId, chapter_id]);
  const lesson = lessonIds[0]!;
  // Reversed, so the answer's order by name is the server's work.
  for (const p of [...PEOPLE].reverse()) {
    const { id: user } = await one<{ id: number }>(`INSERT INTO users (email, name, role) VALUES ($1, $2, 'STUDENT') RETURNING id`, [
      `${p.name.replace(' ', '.')}@leerling.nl`,
      p.name,
    ]);
    await t.db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, 1)`, [user]);
    await t.db.query(`INSERT INTO classroom_students (classroom_id, user_id) VALUES ($1, $2)`, [classId, user]);
    if (p.blocks) {
      // An older item of the same lesson, handed in and graded: only the newest counts.
      const { id: old } = await one<{ id: number }>(
        `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, updated_at) VALUES (1, $1, $2, $3, '2026-01-05T10:00:00Z') RETURNING id`,
        [user, classId, lesson],
      );
      await t.db.query(
        `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted, status) VALUES ($1, 'oud', 'REFLECTION', true, 'WRONG')`,
        [old],
      );
      const { id: item } = await one<{ id: number }>(
        `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, updated_at) VALUES (1, $1, $2, $3, '2026-03-10T10:00:00Z') RETURNING id`,
        [user, classId, lesson],
      );
      itemOf.set(p.name, item);
      for (const [i, b] of p.blocks.entries())
        await t.db.query(
          `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted, status, position) VALUES ($1, $2, 'REFLECTION', $3, $4, $5)`,
          [item, `blok-${i}`, b.submitted, b.status, i],
        );
    }
    if (p.check)
      await t.db.query(
        `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, status, created_at, decided_at) VALUES (1, $1, $2, $3, $4, '2026-03-10T11:00:00Z', $5)`,
        [classId, user, lesson, p.check, p.check === 'OPEN' ? null : '2026-03-10T12:00:00Z'],
      );
  }
});
afterAll(() => t.close());

const get = async (who: string, id: number, query = '', etag?: string) =>
  t.fastify.inject({
    method: 'GET',
    url: `/api/portfolioItems/progress/${id}${query}`,
    headers: { ...(await t.as(who)), ...(etag ? { 'if-none-match': etag } : {}) },
  });

describe("a class's progress", () => {
  it('gives every student of the class one state per lesson, counted per lesson', async () => {
    const res = await get(DOCENT, classId);
    expect(res.statusCode).toBe(200);
    const progress = res.json() as ClassProgress;
    expect(progress.classroomName).toBe('Voortgang 3B');
    expect(progress.lessons.map((l) => l.id)).toEqual(lessonIds);
    expect(progress.students.map((s) => s.name)).toEqual(PEOPLE.map((p) => p.name));
    expect(progress.students.map((s) => s.states[0])).toEqual(PEOPLE.map((p) => p.state));
    // The cell opens the newest item, not the older graded one.
    expect(progress.students.map((s) => s.items[0])).toEqual(PEOPLE.map((p) => itemOf.get(p.name) ?? null));
    // Nobody started the second lesson.
    expect(progress.students.every((s) => s.states[1] === 'none' && s.items[1] === null)).toBe(true);

    const [first, second] = progress.lessons;
    expect(first!.counts).toEqual({ none: 1, busy: 1, submitted: 1, G: 1, V: 1, O: 1, check: 1, approved: 1 });
    // Grades behind a check request or an approval still count in the distribution.
    expect(first!.grades).toEqual({ G: 2, V: 2, O: 1 });
    expect(second!.counts.none).toBe(PEOPLE.length);
    expect(second!.grades).toEqual({ G: 0, V: 0, O: 0 });
  });

  it('counts only what happened within the period', async () => {
    const before = (await get(DOCENT, classId, '?from=2026-01-01&to=2026-01-31')).json() as ClassProgress;
    // Only the old graded items were worked on in January; the check requests came in March.
    expect(before.students.map((s) => s.states[0])).toEqual(PEOPLE.map((p) => (p.blocks ? 'O' : 'none')));
    expect(before.from).toBe('2026-01-01');
    const march = (await get(DOCENT, classId, '?from=2026-03-10&to=2026-03-10')).json() as ClassProgress;
    expect(march.students.map((s) => s.states[0])).toEqual(PEOPLE.map((p) => p.state));
    const since = (await get(DOCENT, classId, '?from=2026-03-11')).json() as ClassProgress;
    expect(since.lessons[0]!.counts.none).toBe(PEOPLE.length);
  });

  it("counts the class feed per Dutch day over the four weeks up to the period's end, every day listed", async () => {
    const feedRow = (at: string, room = classId) =>
      t.db.query(
        `INSERT INTO activities (organisation_id, classroom_id, user_id, type, created_at) VALUES (1, $1, (SELECT user_id FROM classroom_students WHERE classroom_id = $2 LIMIT 1), 'LOGIN', $3)`,
        [room, classId, at],
      );
    const { id: other } = await one<{ id: number }>(
      `SELECT id FROM classrooms WHERE organisation_id = 1 AND id <> $1 ORDER BY id LIMIT 1`,
      [classId],
    );
    await feedRow('2026-03-09T23:30:00Z'); // 00:30 on 10 March in Amsterdam
    await feedRow('2026-03-10T09:00:00Z');
    await feedRow('2026-03-10T22:59:00Z'); // 23:59 on 10 March
    await feedRow('2026-03-10T23:01:00Z'); // 11 March: after the period
    await feedRow('2026-02-11T08:00:00Z'); // the first of the 28 days
    await feedRow('2026-02-10T08:00:00Z'); // the day before them
    await feedRow('2026-03-10T10:00:00Z', other); // another class
    const days = ((await get(DOCENT, classId, '?to=2026-03-10')).json() as ClassProgress).activityPerDay!;
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ day: '2026-02-11', n: 1 });
    expect(days.at(-1)).toEqual({ day: '2026-03-10', n: 3 });
    expect(days.reduce((sum, d) => sum + d.n, 0)).toBe(4);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    expect(((await get(DOCENT, classId)).json() as ClassProgress).activityPerDay!.at(-1)!.day).toBe(today);
  });

  it('refuses a period that makes no sense with a Dutch message', async () => {
    const reversed = await get(DOCENT, classId, '?from=2026-03-10&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('De periode klopt niet: de begindatum ligt na de einddatum.');
    const noDay = await get(DOCENT, classId, '?from=2026-02-30');
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().error.message).toContain('bestaat niet');
    expect((await get(DOCENT, classId, '?to=10-03-2026')).statusCode).toBe(400);
    expect((await get(DOCENT, classId, '?from=1900-01-01')).statusCode).toBe(400);
  });

  it('answers 304 while nothing changed and 200 after a grade', async () => {
    const first = await get(DOCENT, classId);
    const etag = first.headers.etag as string;
    expect((await get(DOCENT, classId, '', etag)).statusCode).toBe(304);
    await t.db.query(`UPDATE portfolio_blocks SET status = 'PERFECT' WHERE portfolio_item_id = $1 AND status = ''`, [
      itemOf.get('Cas Claassen')!,
    ]);
    const after = await get(DOCENT, classId, '', etag);
    expect(after.statusCode).toBe(200);
    expect((after.json() as ClassProgress).students.find((s) => s.name === 'Cas Claassen')!.states[0]).toBe('G');
  });

  it("refuses another school's class and a student", async () => {
    const { id: otherClass } = await one<{ id: number }>(`SELECT id FROM classrooms WHERE organisation_id = 2 ORDER BY id LIMIT 1`);
    const other = await get(DOCENT, otherClass);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Deze klas is niet gevonden.');
    expect((await get(LEERLING, classId)).statusCode).toBe(403);
  });
});

describe("'Periode' on 'Alle activiteiten'", () => {
  const list = async (period: Record<string, string>) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/portfolioItems/list?moduleFilters=0',
      headers: await t.as(DOCENT),
      payload: { classrooms: [classId], sort: 'newest', mode: 'all', query: '', page: 1, ...period },
    });
  const idsOf = async (period: Record<string, string>) =>
    ((await list(period)).json() as { id: number }[]).map((i) => i.id).sort((a, b) => a - b);

  it('lists only the work last done within the period (Dutch days, the last one included)', async () => {
    const newest = [...itemOf.values()].sort((a, b) => a - b);
    const all = await idsOf({});
    expect(all).toHaveLength(newest.length * 2);
    expect(await idsOf({ from: '2026-03-10', to: '2026-03-10' })).toEqual(newest);
    const january = await idsOf({ from: '2026-01-01', to: '2026-01-31' });
    expect(january).toHaveLength(newest.length);
    expect(january.some((id) => newest.includes(id))).toBe(false);
    expect(await idsOf({ from: '2026-03-11' })).toEqual([]);
    expect(await idsOf({ to: '2026-01-05' })).toEqual(january);
  });

  it('refuses a period that makes no sense with a Dutch message', async () => {
    const reversed = await list({ from: '2026-03-10', to: '2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('De periode klopt niet: de begindatum ligt na de einddatum.');
    expect((await list({ from: '2026-02-30' })).statusCode).toBe(400);
  });
});
