import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let own: number; // an active idea of docent
let foreign: number; // an active idea of collega
let otherSchool: number;
let done: number;
beforeAll(async () => {
  t = await createTestApp();
  const q = (sql: string) => t.db.query<{ id: number }>(sql).then((r) => r[0]!.id);
  own = await q(`SELECT id FROM wishlist_items WHERE user_id = 1 AND active = 1 AND organisation_id = 1 LIMIT 1`);
  foreign = await q(`SELECT id FROM wishlist_items WHERE user_id <> 1 AND active = 1 AND organisation_id = 1 LIMIT 1`);
  otherSchool = await q(`SELECT id FROM wishlist_items WHERE organisation_id = 2 LIMIT 1`);
  done = await q(`SELECT id FROM wishlist_items WHERE active = 0 AND organisation_id = 1 LIMIT 1`);
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const del = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'DELETE', url: `/api/${url}`, headers: await t.as(who) });

describe('wishlistItems', () => {
  it('lists the school’s ideas, active first, with counts, comments and canEdit', async () => {
    const items = (await get('wishlistItems')).json() as WishlistItem[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    const firstDone = items.findIndex((i) => i.active === 0);
    expect(items.slice(firstDone).every((i) => i.active === 0)).toBe(true);
    expect(items.find((i) => i.id === own)?.canEdit).toBe(true);
    expect(items.find((i) => i.id === foreign)?.canEdit).toBe(false);
    expect(items.some((i) => i.id === otherSchool)).toBe(false);
    const withComments = items.find((i) => i.commentCount > 0)!;
    expect(withComments.comments).toHaveLength(withComments.commentCount);
  });

  it('keeps one vote per teacher per idea: voting the other way moves it', async () => {
    const before = ((await get('wishlistItems', COLLEGA)).json() as WishlistItem[]).find((i) => i.id === own)!;
    await get(`wishlistItems/voteDown/${own}`, COLLEGA);
    const up = (await get(`wishlistItems/voteUp/${own}`, COLLEGA)).json() as UserVotes;
    await get(`wishlistItems/voteUp/${own}`, COLLEGA);
    expect(up.up).toContain(own);
    expect(up.down).not.toContain(own);
    const after = ((await get('wishlistItems', COLLEGA)).json() as WishlistItem[]).find((i) => i.id === own)!;
    const hadVote = (await t.db.query(`SELECT 1 FROM wishlist_votes WHERE user_id = 2 AND wishlist_item_id = $1`, [own])).length;
    expect(hadVote).toBe(1);
    expect(after.upVoteCount + after.downVoteCount).toBeLessThanOrEqual(before.upVoteCount + before.downVoteCount + 1);
    expect((await get('wishlistItems/userVotes', COLLEGA)).json().up).toContain(own);
  });

  it('refuses a vote on an idea that is done', async () => {
    const res = await get(`wishlistItems/voteUp/${done}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/uitgevoerd/);
  });

  it('marks an idea read for the caller', async () => {
    await get(`wishlistItems/read/${foreign}`, COLLEGA);
    const item = (await get(`wishlistItems/details/${foreign}`, COLLEGA)).json() as WishlistItem;
    expect(item.readBy).toContain(2);
  });

  it('saves a new idea and answers field errors in Dutch when fields are empty', async () => {
    const bad = await post('wishlistItems/save', { id: 0, title: '', description: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      message: 'Alle velden zijn verplicht om in te vullen.',
      errors: { title: expect.any(String), description: expect.any(String) },
    });
    const ok = await post('wishlistItems/save', { id: 0, title: 'Podcast per module', description: 'Een korte podcast bij elke module.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Podcast per module', canEdit: true, active: 1 });
  });

  it('lets only the author edit or delete an idea', async () => {
    const edit = await post('wishlistItems/save', { id: foreign, title: 'Gekaapt', description: 'x' });
    expect(edit.statusCode).toBe(403);
    expect((await del(`wishlistItems/delete/${foreign}`)).statusCode).toBe(403);
  });

  it('an ADMIN marks her idea as done with active', async () => {
    const res = await post('wishlistItems/save', { id: own, title: 'Klaar', description: 'Uitgevoerd', active: 0 });
    expect(res.json().active).toBe(0);
  });

  it('adds a comment, refuses an empty one, and deletes only one’s own', async () => {
    const empty = await post('wishlistComments/save', { wishlistItemId: foreign, comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.errors.comment).toBeTruthy();
    const added = await post('wishlistComments/save', { wishlistItemId: foreign, comment: 'Goed plan!' });
    expect(added.json()).toMatchObject({ comment: 'Goed plan!', canEdit: true });
    expect((await del(`wishlistComments/delete/${added.json().id}`, COLLEGA)).statusCode).toBe(403);
    expect((await del(`wishlistComments/delete/${added.json().id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another school's idea, for every call", async () => {
    for (const res of [
      await get(`wishlistItems/details/${otherSchool}`),
      await get(`wishlistItems/voteUp/${otherSchool}`),
      await get(`wishlistItems/read/${otherSchool}`),
      await del(`wishlistItems/delete/${otherSchool}`),
      await post('wishlistComments/save', { wishlistItemId: otherSchool, comment: 'hoi' }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses a student', async () => {
    expect((await get('wishlistItems', LEERLING)).statusCode).toBe(403);
  });

  it('answers 400 with a reason for a bad id', async () => {
    const res = await get('wishlistItems/voteUp/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Ongeldige invoer/);
  });
});
