/**
 * Part 1 §2: portfolio_enabled false means no portfolios: the page has no tab or route for them, and
 * the server refuses their calls too (a bookmarked address, an old tab, a queued grade). Also the
 * profile's 'Toetsresultaten': a personality test is marked as such, so the page shows no score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizResult } from '../../src/api/students/types';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

describe('portfolio_enabled false (part 1 §2)', () => {
  let t: TestApp;
  let studentId: number;
  let itemId: number;
  beforeAll(async () => {
    t = await createTestApp({ publicConfig: { portfolio_enabled: false } });
    const [row] = await t.db.query<{ id: number; user_id: number }>(
      `SELECT p.id, p.user_id FROM portfolio_items p JOIN users u ON u.id = p.user_id JOIN users d ON d.email = $1
        WHERE p.organisation_id = d.current_organisation_id ORDER BY p.id LIMIT 1`,
      [DOCENT],
    );
    studentId = row!.user_id;
    itemId = row!.id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.fastify.inject({ method, url: `/api/${url}`, headers: await t.as(DOCENT), ...(payload ? { payload } : {}) });

  it('refuses the portfolio reads and writes with 403 and a Dutch reason', async () => {
    const answers = [
      await call('GET', `portfolioItems/users/${studentId}`),
      await call('GET', `portfolioItems/details/${itemId}`),
      await call('POST', 'portfolioItems/list?moduleFilters=0', { page: 1 }),
      await call('POST', 'portfolioItems/saveFeedback', { portfolioItemId: itemId, key: 'b1', message: 'Goed gedaan' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe("Portfolio's staan uit in deze omgeving.");
    }
    const [{ n }] = (await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM portfolio_feedback WHERE message = 'Goed gedaan'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('still answers the rest of the student profile', async () => {
    expect((await call('GET', `users/details/${studentId}`)).statusCode).toBe(200);
    expect((await call('GET', `students/quizResults/${studentId}`)).statusCode).toBe(200);
  });
});

describe('students/quizResults with a personality test', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks a personality test as such, and a quiz as a quiz', async () => {
    const [row] = await t.db.query<{ user_id: number }>(`SELECT user_id FROM quiz_results WHERE type = 'personality' LIMIT 1`);
    expect(row, 'the demo school has a personality test').toBeDefined();
    await t.db.query(
      `INSERT INTO quiz_results (organisation_id, user_id, title, type, good, total) SELECT organisation_id, user_id, 'Toets Media', 'quiz', 3, 4 FROM quiz_results WHERE type = 'personality' LIMIT 1`,
    );
    const res = await t.fastify.inject({ method: 'GET', url: `/api/students/quizResults/${row!.user_id}`, headers: await t.as(DOCENT) });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json() as QuizResult[];
    expect(results.find((r) => r.title.startsWith('Persoonlijkheidstest'))?.type).toBe('personality');
    expect(results.find((r) => r.title === 'Toets Media')).toMatchObject({ type: 'quiz', percentage: 75, good: 3, total: 4 });
  });
});
