/**
 * db.prepared, which the poll and every caller lookup use: the same rows as db.query on both
 * engines, and on PGlite the parameters travel as literals, so nothing but integers may pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Prepared } from '../../server/db/database';
import { cloneTemplate } from '../helpers/template-db';

let db: Database;
beforeAll(async () => {
  db = await cloneTemplate();
});
afterAll(() => db.close());

const BY_ID: Prepared = { name: 'test_user_by_id', text: `SELECT id, email, $2::bigint AS big FROM users WHERE id = $1` };

describe('db.prepared', () => {
  it('answers what db.query answers, call after call, with bigint as a number', async () => {
    for (const id of [1, 2, 3, 1, 2, 3, 1, 2]) {
      const expected = await db.query(`SELECT id, email, $2::bigint AS big FROM users WHERE id = $1`, [id, 2 ** 40]);
      expect(await db.prepared(BY_ID, [id, 2 ** 40])).toEqual(expected);
    }
    expect(await db.prepared(BY_ID, [-1, 0])).toEqual([]);
  });

  it('takes a name that is an SQL keyword', async () => {
    expect(await db.prepared({ name: 'session_user', text: 'SELECT $1::int + 1 AS n' }, [41])).toEqual([{ n: 42 }]);
  });

  it('refuses anything but integers, and names it could not quote', async () => {
    for (const bad of [1.5, Number.NaN, Infinity, 2 ** 60]) {
      await expect(db.prepared(BY_ID, [bad, 0])).rejects.toThrow(/integer parameters only/);
    }
    const sneaky = ['1); DROP TABLE users; --'] as unknown as number[];
    await expect(db.prepared(BY_ID, sneaky)).rejects.toThrow(/integer parameters only/);
    await expect(db.prepared({ name: 'x"; DROP TABLE users; --', text: 'SELECT 1' }, [])).rejects.toThrow(/name/);
    expect(await db.query(`SELECT count(*)::int AS n FROM users WHERE id = 1`)).toEqual([{ n: 1 }]);
  });
});
