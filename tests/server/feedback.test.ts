import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetail } from '../../src/api/portfolios/types';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
let item: number; // an item of Het Baken with an ungraded FILE block 'opdracht-1'
let otherSchoolItem: number;
let docentName: string;
beforeAll(async () => {
  t = await createTestApp();
  const one = async <T>(sql: string, params: (string | number)[] = []) => (await t.db.query<T>(sql, params))[0]!;
  item = (
    await one<{ id: number }>(
      `SELECT p.id FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id AND b.key = 'opdracht-1'
        WHERE p.organisation_id = 1 AND b.status = '' AND b.is_submitted ORDER BY p.id LIMIT 1`,
    )
  ).id;
  docentName = (await one<{ name: string }>(`SELECT name FROM users WHERE id = 1`)).name;
  const student = (await one<{ user_id: number }>(`SELECT user_id FROM classroom_students WHERE classroom_id = 13 LIMIT 1`)).user_id;
  otherSchoolItem = (
    await one<{ id: number }>(
      `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id) VALUES (2, $1, 13, 1) RETURNING id`,
      [student],
    )
  ).id;
  await t.db.query(`INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted) VALUES ($1, 'opdracht-1', 'FILE', true)`, [
    otherSchoolItem,
  ]);
});
afterAll(() => t.close());

const post = async (url: string, payload: object = {}, who = DOCENT, key?: string) =>
  t.fastify.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { ...(await t.as(who)), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const block = (d: PortfolioDetail, key = 'opdracht-1') => d.blocks.find((b) => b.key === key)!;

describe('portfolioItems/saveFeedback', () => {
  it('adds the comment under the caller’s name, whatever teacherId the client sent', async () => {
    const res = await post('portfolioItems/saveFeedback', {
      portfolioItemId: item,
      key: 'opdracht-1',
      teacherId: 2,
      message: '  Mooi uitgewerkt, let op je bronnen.  ',
      readAt: null,
    });
    expect(res.statusCode).toBe(200);
    const entry = block(res.json() as PortfolioDetail).feedbackItems.at(-1)!;
    expect(entry).toMatchObject({ name: docentName, message: 'Mooi uitgewerkt, let op je bronnen.' });
    expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
  });

  it('refuses an empty comment and an unknown block with a Dutch reason', async () => {
    const blank = await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'opdracht-1', message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Vul een opmerking in.');
    expect((await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'opdracht-1', message: '' })).statusCode).toBe(400);
    const unknown = await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'bestaat-niet', message: 'Hoi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Onbekend onderdeel van dit portfolio.');
  });

  it('answers 404 for another school’s item', async () => {
    expect(
      (await post('portfolioItems/saveFeedback', { portfolioItemId: otherSchoolItem, key: 'opdracht-1', message: 'Hoi' })).statusCode,
    ).toBe(404);
  });

  it('stores a resent comment once (Idempotency-Key)', async () => {
    const key = 'feedback-once-0001';
    const payload = { portfolioItemId: item, key: 'opdracht-1', message: 'Eén keer graag.' };
    await post('portfolioItems/saveFeedback', payload, DOCENT, key);
    const again = await post('portfolioItems/saveFeedback', payload, DOCENT, key);
    expect(again.statusCode).toBe(200);
    const d = (
      await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${item}`, headers: await t.as(DOCENT) })
    ).json() as PortfolioDetail;
    expect(block(d).feedbackItems.filter((f) => f.message === 'Eén keer graag.')).toHaveLength(1);
  });
});

describe('portfolioItems/removeFeedback', () => {
  it('lets the author remove her feedback and answers the updated detail', async () => {
    const added = (
      await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'opdracht-1', message: 'Weg ermee' })
    ).json() as PortfolioDetail;
    const id = block(added).feedbackItems.find((f) => f.message === 'Weg ermee')!.id;
    const res = await post(`portfolioItems/removeFeedback/${id}`);
    expect(res.statusCode).toBe(200);
    expect(block(res.json() as PortfolioDetail).feedbackItems.some((f) => f.id === id)).toBe(false);
    expect((await post(`portfolioItems/removeFeedback/${id}`)).statusCode).toBe(404);
  });

  it('refuses to remove a colleague’s feedback', async () => {
    const added = (
      await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'opdracht-1', message: 'Van de docent' })
    ).json() as PortfolioDetail;
    const id = block(added).feedbackItems.find((f) => f.message === 'Van de docent')!.id;
    const res = await post(`portfolioItems/removeFeedback/${id}`, {}, COLLEGA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/eigen feedback/);
  });

  it('answers 404 for feedback of another school', async () => {
    const [b] = await t.db.query<{ id: number }>(`SELECT id FROM portfolio_blocks WHERE portfolio_item_id = $1`, [otherSchoolItem]);
    const [f] = await t.db.query<{ id: number }>(
      `INSERT INTO portfolio_feedback (block_id, teacher_id, message) VALUES ($1, 1, 'x') RETURNING id`,
      [b!.id],
    );
    expect((await post(`portfolioItems/removeFeedback/${f!.id}`)).statusCode).toBe(404);
  });
});

describe('portfolioItems/saveFeedbackStatus', () => {
  it('grades a block and answers the detail, leaving the student’s completion date alone', async () => {
    const completed = new Date('2026-11-20T10:15:00Z');
    await t.db.query(`UPDATE portfolio_items SET updated_at = $2 WHERE id = $1`, [item, completed]);
    const res = await post('portfolioItems/saveFeedbackStatus', {
      portfolioItemId: item,
      key: 'opdracht-1',
      status: 'GOOD',
      teacherId: 1,
      previousStatus: '',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json() as PortfolioDetail;
    expect(block(d).status).toBe('GOOD');
    expect(d.updatedAt).toBe(completed.toISOString());
    const reloaded = (
      await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${item}`, headers: await t.as(DOCENT) })
    ).json() as PortfolioDetail;
    expect(reloaded.updatedAt).toBe(completed.toISOString());
    expect(d.blockStatusList).toContainEqual({ status: 'GOOD', isSubmitted: true });
  });

  it('answers success for the same grade again (idempotent)', async () => {
    const res = await post('portfolioItems/saveFeedbackStatus', {
      portfolioItemId: item,
      key: 'opdracht-1',
      status: 'GOOD',
      previousStatus: '',
    });
    expect(res.statusCode).toBe(200);
    expect(block(res.json() as PortfolioDetail).status).toBe('GOOD');
  });

  it('refuses a stale grade with 409 and the colleague’s current grade, never overwriting it', async () => {
    const seen = block(
      (
        await post('portfolioItems/saveFeedbackStatus', { portfolioItemId: item, key: 'opdracht-1', status: 'GOOD' })
      ).json() as PortfolioDetail,
    ).status;
    // Docent grades PERFECT, having seen GOOD.
    const docent = await post('portfolioItems/saveFeedbackStatus', {
      portfolioItemId: item,
      key: 'opdracht-1',
      status: 'PERFECT',
      previousStatus: seen,
    });
    expect(docent.statusCode).toBe(200);
    // Collega also saw GOOD (e.g. offline) and grades WRONG.
    const stale = await post(
      'portfolioItems/saveFeedbackStatus',
      { portfolioItemId: item, key: 'opdracht-1', status: 'WRONG', previousStatus: seen },
      COLLEGA,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { message: 'Een collega heeft dit onderdeel intussen anders beoordeeld.' },
      current: { status: 'PERFECT', key: 'opdracht-1', portfolioItemId: item, gradedBy: 'colleague' },
    });
    const [row] = await t.db.query<{ status: string }>(
      `SELECT status FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = 'opdracht-1'`,
      [item],
    );
    expect(row!.status).toBe('PERFECT');
  });

  it('says so when the grade met is the same teacher’s own from another tablet, not ‘Een collega’ (issue 28 item 27)', async () => {
    // Tablet 1 grades GOOD → WRONG; tablet 2 of the same teacher had seen PERFECT and grades GOOD.
    expect(
      (
        await post('portfolioItems/saveFeedbackStatus', {
          portfolioItemId: item,
          key: 'opdracht-1',
          status: 'WRONG',
          previousStatus: 'PERFECT',
        })
      ).statusCode,
    ).toBe(200);
    const own = await post('portfolioItems/saveFeedbackStatus', {
      portfolioItemId: item,
      key: 'opdracht-1',
      status: 'GOOD',
      previousStatus: 'PERFECT',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      error: { message: 'Je hebt dit onderdeel intussen zelf anders beoordeeld, op een ander apparaat.' },
      current: { status: 'WRONG', gradedBy: 'self' },
    });
    // A grade from before the grader was recorded names nobody.
    await t.db.query(`UPDATE portfolio_blocks SET graded_by = NULL WHERE portfolio_item_id = $1 AND key = 'opdracht-1'`, [item]);
    const unknown = await post(
      'portfolioItems/saveFeedbackStatus',
      { portfolioItemId: item, key: 'opdracht-1', status: 'GOOD', previousStatus: 'PERFECT' },
      COLLEGA,
    );
    expect(unknown.json()).toMatchObject({
      error: { message: 'Dit onderdeel is intussen anders beoordeeld.' },
      current: { status: 'WRONG', gradedBy: null },
    });
  });

  it('clears a grade with the empty status', async () => {
    const res = await post(
      'portfolioItems/saveFeedbackStatus',
      { portfolioItemId: item, key: 'opdracht-1', status: '', previousStatus: 'WRONG' },
      COLLEGA,
    );
    expect(res.statusCode).toBe(200);
    expect(block(res.json() as PortfolioDetail).status).toBe('');
  });

  it('refuses an unknown grade, an unknown block and another school’s item', async () => {
    expect(
      (await post('portfolioItems/saveFeedbackStatus', { portfolioItemId: item, key: 'opdracht-1', status: 'SUPER' })).statusCode,
    ).toBe(400);
    const unknown = await post('portfolioItems/saveFeedbackStatus', { portfolioItemId: item, key: 'nee', status: 'GOOD' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Onbekend onderdeel van dit portfolio.');
    expect(
      (await post('portfolioItems/saveFeedbackStatus', { portfolioItemId: otherSchoolItem, key: 'opdracht-1', status: 'GOOD' })).statusCode,
    ).toBe(404);
  });
});

describe('who may remove feedback', () => {
  it('marks feedback removable for its author only', async () => {
    await post('portfolioItems/saveFeedback', { portfolioItemId: item, key: 'opdracht-1', message: 'Van de docent' });
    const asCollega = await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${item}`, headers: await t.as(COLLEGA) });
    const asDocent = await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${item}`, headers: await t.as(DOCENT) });
    const find = (d: PortfolioDetail) => block(d).feedbackItems.find((f) => f.message === 'Van de docent')!;
    expect(find(asDocent.json() as PortfolioDetail).canDelete).toBe(true);
    expect(find(asCollega.json() as PortfolioDetail).canDelete).toBe(false);
  });
});
