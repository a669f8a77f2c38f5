/** Portfolio images appear in <img> tags: their links must work without a bearer token, for this school only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetail } from '../../src/api/portfolios/types';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
let itemId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [block] = await t.db.query<{ id: number; portfolio_item_id: number }>(
    `SELECT b.id, b.portfolio_item_id FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id
      WHERE b.type = 'FILE' AND p.organisation_id = 1 ORDER BY b.id LIMIT 1`,
  );
  itemId = block!.portfolio_item_id;
  // A stored demo file stands in for the student's photo; the route makes its bytes on first use.
  await t.db.query(`UPDATE portfolio_block_items SET file_id = 'demo-doc-1' WHERE block_id = $1`, [block!.id]);
});
afterAll(() => t.close());

describe('portfolio images', () => {
  it('come as signed links that open without a token', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${itemId}`, headers: await t.as(DOCENT) });
    const detail = res.json() as PortfolioDetail;
    const link = detail.blocks
      .flatMap((b) => b.items)
      .map((i) => i.content)
      .find(Boolean);
    expect(link).toMatch(/^\/api\/files\/demo-doc-1\?u=\d+&exp=\d+&sig=/);
    const image = await t.fastify.inject({ method: 'GET', url: link! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuse a link whose signature was tampered with', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${itemId}`, headers: await t.as(DOCENT) });
    const link = (res.json() as PortfolioDetail).blocks
      .flatMap((b) => b.items)
      .map((i) => i.content)
      .find(Boolean)!;
    const forged = link.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.fastify.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });
});

describe('demo portfolio photos', () => {
  it('the seeded FILE blocks and list cards show real pictures', async () => {
    const fresh = await createTestApp();
    try {
      const headers = await fresh.as(DOCENT);
      const list = (
        await fresh.fastify.inject({ method: 'POST', url: '/api/portfolioItems/list?moduleFilters=0', headers, payload: {} })
      ).json() as { id: number; file: string | null }[];
      const withPicture = list.filter((i) => i.file);
      expect(withPicture.length).toBeGreaterThan(list.length / 2);
      const detail = (
        await fresh.fastify.inject({ method: 'GET', url: `/api/portfolioItems/details/${withPicture[0]!.id}`, headers })
      ).json() as PortfolioDetail;
      const fileBlock = detail.blocks.find((b) => b.type === 'FILE')!;
      const link = fileBlock.items.map((i) => i.content).find(Boolean)!;
      const image = await fresh.fastify.inject({ method: 'GET', url: link });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const bytes = image.rawPayload;
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // A photo, not a placeholder pixel: its header says 800 × 600, and it weighs like one.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([800, 600]);
      expect(bytes.length).toBeGreaterThan(100_000);
    } finally {
      await fresh.close();
    }
  });
});
