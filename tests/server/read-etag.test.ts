import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioItem } from '../../src/api/portfolios/types';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

// A fixed clock inside one hour, then the next hour: signed image links are issued per hour.
let clock = new Date('2026-03-02T07:10:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, () => clock);
});
afterAll(() => t.close());

const get = async (url: string, etag?: string) =>
  t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: { ...(await t.as(DOCENT)), ...(etag ? { 'if-none-match': etag } : {}) } });

describe('read ETags (offline refresh fetches only what changed)', () => {
  it('answers 304 without a body when the client holds the current answer, and 200 after a change', async () => {
    const first = await get('classrooms/school');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('classrooms/school', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.db.query(
      `UPDATE classrooms SET name = name || ' (nieuw)' WHERE id = (SELECT min(id) FROM classrooms WHERE organisation_id = 1)`,
    );
    const changed = await get('classrooms/school', etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.json())).toContain('(nieuw)');
  });

  it('works for the POST reads of the portfolio lists', async () => {
    const body = { classrooms: [], studyLevels: [], sections: [], chapters: [], sort: 'newest', mode: 'all', query: '', page: 1 };
    const send = async (etag?: string) =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/portfolioItems/list?moduleFilters=0',
        headers: { ...(await t.as(DOCENT)), 'content-type': 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
        payload: body,
      });
    const first = await send();
    expect((first.json() as PortfolioItem[]).length).toBeGreaterThan(0);
    expect((await send(first.headers.etag as string)).statusCode).toBe(304);
  });

  it('keeps a portfolio item with images unchanged within the hour its links are issued in', async () => {
    const [row] = await t.db.query<{ id: number }>(
      `SELECT pb.portfolio_item_id AS id FROM portfolio_blocks pb JOIN portfolio_block_items i ON i.block_id = pb.id WHERE i.file_id IS NOT NULL LIMIT 1`,
    );
    const url = `portfolioItems/details/${row!.id}`;
    const first = await get(url);
    expect(first.body).toContain('/api/files/');
    clock = new Date('2026-03-02T07:50:00Z');
    expect((await get(url, first.headers.etag as string)).statusCode).toBe(304);
    // A new hour issues new links (they would otherwise expire in the cached copy).
    clock = new Date('2026-03-02T08:01:00Z');
    expect((await get(url, first.headers.etag as string)).statusCode).toBe(200);
  });

  it('leaves the activity poll its own cheaper version', async () => {
    const first = await get('activities/classroom');
    expect(first.headers.etag).toBeDefined();
    expect((await get('activities/classroom', first.headers.etag as string)).statusCode).toBe(304);
  });
});
