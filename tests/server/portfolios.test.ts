import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetail, PortfolioFilters, PortfolioItem } from '../../src/api/portfolios/types';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let withFeedback: number; // an item of Het Baken with feedback on a block
let otherSchoolItem: number; // an item of De Linde
let otherSchoolStudent: number;
beforeAll(async () => {
  t = await createTestApp();
  const one = async <T>(sql: string, params: (string | number)[] = []) => (await t.db.query<T>(sql, params))[0]!;
  withFeedback = (
    await one<{ id: number }>(
      `SELECT p.id FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id JOIN portfolio_feedback f ON f.block_id = b.id
        WHERE p.organisation_id = 1 ORDER BY p.id LIMIT 1`,
    )
  ).id;
  otherSchoolStudent = (await one<{ user_id: number }>(`SELECT cs.user_id FROM classroom_students cs WHERE cs.classroom_id = 13 LIMIT 1`))
    .user_id;
  otherSchoolItem = (
    await one<{ id: number }>(
      `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, study_level) VALUES (2, $1, 13, 1, 'kader') RETURNING id`,
      [otherSchoolStudent],
    )
  ).id;
  await t.db.query(`INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted) VALUES ($1, 'opdracht-1', 'FILE', true)`, [
    otherSchoolItem,
  ]);
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object = {}, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const list = async (body: object, menu = 0) => {
  const res = await post(`portfolioItems/list?moduleFilters=${menu}`, body);
  expect(res.statusCode).toBe(200);
  return res.json() as PortfolioItem[];
};

describe('portfolioItems/details', () => {
  it('answers the item with its blocks, block items and feedback with the teacher’s name', async () => {
    const res = await get(`portfolioItems/details/${withFeedback}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as PortfolioDetail;
    const [expected] = await t.db.query<{ name: string; title: string; classroom: string }>(
      `SELECT u.name, l.title, c.name AS classroom FROM portfolio_items p JOIN users u ON u.id = p.user_id JOIN lessons l ON l.id = p.lesson_id
         JOIN classrooms c ON c.id = p.classroom_id WHERE p.id = $1`,
      [withFeedback],
    );
    expect(d).toMatchObject({
      id: withFeedback,
      userName: expected!.name,
      lessonTitle: expected!.title,
      userClassroom: expected!.classroom,
    });
    expect(d.chapterTitle).toBeTruthy();
    expect(d.sectionTitle).toBeTruthy();
    expect(new Date(d.updatedAt).toISOString()).toBe(d.updatedAt);
    const file = d.blocks.find((b) => b.type === 'FILE')!;
    expect(file).toMatchObject({ key: 'opdracht-1', portfolioItemId: withFeedback });
    expect(file.items[0]!.description).toBeTruthy();
    expect(d.blockStatusList).toHaveLength(d.blocks.length);
    const feedback = d.blocks.flatMap((b) => b.feedbackItems);
    expect(feedback.length).toBeGreaterThan(0);
    const [author] = await t.db.query<{ name: string }>(
      `SELECT u.name FROM portfolio_feedback f JOIN users u ON u.id = f.teacher_id WHERE f.id = $1`,
      [feedback[0]!.id],
    );
    expect(feedback[0]!.name).toBe(author!.name);
    expect(feedback[0]!.message).toBeTruthy();
    const reflection = d.blocks.find((b) => b.type === 'REFLECTION');
    if (reflection) expect(reflection.items[0]).toMatchObject({ indexNumber: 1, subtitle: expect.any(String), value: expect.any(String) });
  });

  it('answers 404 for another school’s item and for an unknown id', async () => {
    expect((await get(`portfolioItems/details/${otherSchoolItem}`)).statusCode).toBe(404);
    expect((await get('portfolioItems/details/999999')).statusCode).toBe(404);
  });

  it('refuses a student', async () => {
    expect((await get(`portfolioItems/details/${withFeedback}`, LEERLING)).statusCode).toBe(403);
  });
});

describe('portfolioItems/list, Alle activiteiten', () => {
  it('pages the school’s items newest first, 25 a page, and answers [] past the end', async () => {
    const page1 = await list({ page: 1 });
    const page2 = await list({ page: 2 });
    expect(page1).toHaveLength(25);
    const times = [...page1, ...page2].map((i) => i.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page2.some((i) => page1.some((j) => j.id === i.id))).toBe(false);
    expect([...page1, ...page2].some((i) => i.id === otherSchoolItem)).toBe(false);
    expect(await list({ page: 100 })).toEqual([]);
  });

  it('filters by class, study level and search text; all levels chosen is no filter', async () => {
    const oneB = await list({ classrooms: [1] });
    expect(oneB.length).toBeGreaterThan(0);
    expect(oneB.every((i) => i.userClassroom === '1B')).toBe(true);
    const kader = await list({ studyLevels: ['kader'] });
    expect(kader.every((i) => i.studyLevel === 'kader')).toBe(true);
    expect(await list({ studyLevels: ['basis', 'kader', 'gl-tl'] })).toEqual(await list({}));
    const someone = oneB[0]!.userName.split(' ')[0]!.toUpperCase();
    const found = await list({ query: someone });
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((i) =>
        [i.userName, i.userClassroom, i.lessonTitle, i.chapterTitle, i.sectionTitle].join(' ').toUpperCase().includes(someone),
      ),
    ).toBe(true);
    expect(await list({ query: 'geen-leerling-heet-zo' })).toEqual([]);
  });

  it('filters by graded', async () => {
    const graded = await list({ gradings: [1] });
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.every((i) => i.blockStatusList.filter((b) => b.isSubmitted).every((b) => b.status !== ''))).toBe(true);
    const open = await list({ gradings: [0] });
    expect(open.every((i) => i.blockStatusList.some((b) => b.isSubmitted && b.status === '') || !i.hasSubmittedItems)).toBe(true);
  });

  it('refuses a page below 1', async () => {
    expect((await post('portfolioItems/list?moduleFilters=0', { page: 0 })).statusCode).toBe(400);
  });
});

describe('portfolioItems/list, Overzicht per klas per les', () => {
  let lesson: { lesson_id: number; chapter_id: number; section_id: number };
  let classSize: number;
  beforeAll(async () => {
    const rows = await t.db.query<typeof lesson>(
      `SELECT p.lesson_id, l.chapter_id, ch.section_id FROM portfolio_items p JOIN lessons l ON l.id = p.lesson_id JOIN chapters ch ON ch.id = l.chapter_id
        WHERE p.classroom_id = 1 GROUP BY p.lesson_id, l.chapter_id, ch.section_id ORDER BY count(*) DESC, p.lesson_id LIMIT 1`,
    );
    lesson = rows[0]!;
    classSize = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM classroom_students WHERE classroom_id = 1`))[0]!.n;
  });
  const overview = (extra: object = {}) =>
    list({ classrooms: [1], sections: [lesson.section_id], chapters: [lesson.chapter_id], lessons: [lesson.lesson_id], ...extra }, 2);

  it('lists every student of the class, those without work as not started', async () => {
    const rows = await overview();
    expect(rows).toHaveLength(classSize);
    const notStarted = rows.filter((r) => r.id === 0);
    expect(notStarted.length).toBeGreaterThan(0);
    expect(notStarted[0]).toMatchObject({ hasSubmittedItems: false, blockStatusList: [], userClassroom: '1B' });
    expect(rows.filter((r) => r.id !== 0).every((r) => r.lessonTitle === rows[0]!.lessonTitle)).toBe(true);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(classSize);
  });

  it('filters by started and graded; both values chosen is no filter', async () => {
    const started = await overview({ started: [1] });
    const notStarted = await overview({ started: [0] });
    expect(started.length).toBeGreaterThan(0);
    expect(started.every((r) => r.id !== 0)).toBe(true);
    expect(notStarted.every((r) => r.id === 0 && !r.hasSubmittedItems)).toBe(true);
    expect(started.length + notStarted.length).toBe(classSize);
    expect(await overview({ started: [0, 1] })).toHaveLength(classSize);
    const ungraded = await overview({ gradings: [0] });
    expect(ungraded.length).toBeGreaterThanOrEqual(notStarted.length);
  });

  it('answers nothing until class, module and lesson are chosen, and honours the limit', async () => {
    expect(await list({ classrooms: [1], chapters: [lesson.chapter_id] }, 2)).toEqual([]);
    expect(await overview({ limit: 3 })).toHaveLength(3);
    expect((await post('portfolioItems/list?moduleFilters=2', { limit: 5001 })).statusCode).toBe(400);
  });

  it('shows no students of another school’s class', async () => {
    expect(await overview({ classrooms: [13] })).toEqual([]);
  });
});

describe('portfolioItems/selection and filters', () => {
  it('answers the dropdowns of the module overview: the school’s classes, active subjects, modules, lessons', async () => {
    const res = await post('portfolioItems/selection?section=1&chapter=1');
    expect(res.statusCode).toBe(200);
    const f = res.json() as PortfolioFilters;
    expect(f.classrooms.length).toBeGreaterThan(5);
    expect(f.classrooms.every((c) => Number(c.id) <= 12)).toBe(true);
    expect(f.sections.map((s) => s.name)).toContain('Maatschappijleer 1');
    expect(f.sections.map((s) => s.name)).not.toContain('Oude methode 2019');
    const chapters = await t.db.query<{ id: number }>(`SELECT id FROM chapters WHERE section_id = 1`);
    expect(f.chapters.map((c) => c.id).sort()).toEqual(chapters.map((c) => c.id).sort());
    const lessons = await t.db.query<{ id: number }>(`SELECT id FROM lessons WHERE chapter_id = 1`);
    expect(f.lessons.map((l) => l.id).sort()).toEqual(lessons.map((l) => l.id).sort());
    expect(((await post('portfolioItems/selection')).json() as PortfolioFilters).chapters).toEqual([]);
  });

  it('answers the filters that exist in the school’s portfolio work, modules narrowed by subject', async () => {
    const f = (await post('portfolioItems/filters', {})).json() as PortfolioFilters;
    const classes = await t.db.query<{ id: number }>(`SELECT DISTINCT classroom_id AS id FROM portfolio_items WHERE organisation_id = 1`);
    expect(f.classrooms.map((c) => c.id).sort()).toEqual(classes.map((c) => c.id).sort());
    expect(f.studyLevels.every((l) => ['basis', 'kader', 'gl-tl'].includes(String(l.id)))).toBe(true);
    expect(f.studyLevels.find((l) => l.id === 'gl-tl')?.name).toBe('GL en TL');
    const section = f.sections[0]!.id;
    const narrowed = (await post('portfolioItems/filters', { sections: [section] })).json() as PortfolioFilters;
    const inSection = await t.db.query<{ id: number }>(`SELECT id FROM chapters WHERE section_id = $1`, [section]);
    expect(narrowed.chapters.every((c) => inSection.some((x) => x.id === c.id))).toBe(true);
    expect(narrowed.chapters.length).toBeLessThanOrEqual(f.chapters.length);
  });
});

describe('portfolioItems/users/{userId}', () => {
  it('answers the student’s items and the filters present in them', async () => {
    const [student] = await t.db.query<{ user_id: number; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM portfolio_items WHERE organisation_id = 1 GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`,
    );
    const res = await get(`portfolioItems/users/${student!.user_id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PortfolioFilters & { items: PortfolioItem[] };
    expect(body.items).toHaveLength(student!.n);
    expect(body.items.every((i) => i.userId === student!.user_id)).toBe(true);
    expect(body.lessons.map((l) => l.name).sort()).toEqual([...new Set(body.items.map((i) => i.lessonTitle))].sort());
    expect(body.sections.length).toBeGreaterThan(0);
    expect(body.classrooms.length).toBeGreaterThan(0);
  });

  it('answers 404 for a student of another school', async () => {
    expect((await get(`portfolioItems/users/${otherSchoolStudent}`)).statusCode).toBe(404);
  });
});
