/**
 * The hottest queued write, a vote, as the outbox sends it (Idempotency-Key, X-Organisation-Id): what
 * it costs the database (issue 34 item 5, docs/architecture.md "The write path"). Each statement is
 * a round trip from the serving process to PostgreSQL; a teacher on a slow school line waits for all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database';
import type { UserVotes } from '../../src/api/wishlist/types';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
let open: number;
let done: number;
let otherSchool: number;
const statements: string[] = [];

/** Records every statement the app sends, transactions' BEGIN and COMMIT included. */
function countStatements(app: TestApp): void {
  const db = app.db;
  const query = db.query.bind(db);
  const prepared = db.prepared.bind(db);
  const transaction = db.transaction.bind(db);
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
  });
  db.query = (sql, params) => counted({ query }).query(sql, params);
  db.prepared = (st, params) => {
    statements.push(st.name);
    return prepared(st, params);
  };
  db.transaction = (fn) => {
    statements.push('BEGIN');
    return transaction((tx) => fn(counted(tx))).finally(() => statements.push('COMMIT'));
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const id = (sql: string) => t.db.query<{ id: number }>(sql).then((r) => r[0]!.id);
  open = await id(`SELECT id FROM wishlist_items WHERE active = 1 AND organisation_id = 1 LIMIT 1`);
  done = await id(`SELECT id FROM wishlist_items WHERE active = 0 AND organisation_id = 1 LIMIT 1`);
  otherSchool = await id(`SELECT id FROM wishlist_items WHERE organisation_id = 2 LIMIT 1`);
  await t.as(DOCENT);
  await t.as(COLLEGA);
  countStatements(t);
});
afterAll(() => t.close());

const vote = async (direction: 'voteUp' | 'voteDown', item: number, who = DOCENT, key = crypto.randomUUID()) => {
  statements.length = 0;
  const res = await t.fastify.inject({
    method: 'GET',
    url: `/api/wishlistItems/${direction}/${item}`,
    headers: { ...(await t.as(who)), 'idempotency-key': key, 'x-organisation-id': '1' },
  });
  return { res, statements: [...statements] };
};

describe('one queued vote', () => {
  it('costs at most 6 statements: the caller with her school, the key claimed and answered, the vote itself', async () => {
    const { res, statements: sent } = await vote('voteUp', open);
    expect(res.statusCode).toBe(200);
    expect((res.json() as UserVotes).up).toContain(open);
    expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(6);
  });

  it('answers her votes in the school with the new one, moved when she votes the other way', async () => {
    const { res } = await vote('voteDown', open, COLLEGA);
    const votes = res.json() as UserVotes;
    expect(votes.down).toContain(open);
    expect(votes.up).not.toContain(open);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wishlist_votes WHERE user_id = 2 AND wishlist_item_id = $1`,
      [open],
    );
    expect(row!.n).toBe(1);
  });

  it('still refuses an idea that is done (409) or of another school (404), and casts nothing', async () => {
    const votes = () => t.db.query(`SELECT wishlist_item_id, direction FROM wishlist_votes WHERE user_id = 1 ORDER BY 1`);
    const before = await votes();
    const onDone = await vote('voteUp', done);
    expect(onDone.res.statusCode).toBe(409);
    expect(onDone.res.json().error.message).toBe('Op een idee dat al is uitgevoerd kun je niet meer stemmen.');
    const elsewhere = await vote('voteUp', otherSchool);
    expect(elsewhere.res.statusCode).toBe(404);
    expect(elsewhere.res.json().error.message).toBe('Dit idee is niet gevonden.');
    expect(await votes()).toEqual(before);
  });

  it('refuses a school without licences in the same lookup', async () => {
    await t.db.query(`UPDATE organisations SET active = 0 WHERE id = 1`);
    try {
      const { res } = await vote('voteUp', open);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/nog geen licenties/);
    } finally {
      await t.db.query(`UPDATE organisations SET active = 1 WHERE id = 1`);
    }
  });
});
