import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../src/api/dashboard/types';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const PAGE = 10;
const NO_CLASSES = 'r.dekker@hetbaken.nl';

let t: TestApp;
beforeAll(async () => {
  // A smaller page than the default 25, to see that portal_max_activities is honoured.
  t = await createTestApp({ publicConfig: { portal_max_activities: PAGE } });
  // A teacher of the demo school without classes, given docent's password so she can sign in.
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = 1) WHERE email = $1`, [NO_CLASSES]);
  // The demo seeds her as invited (issue 29): she has accepted the invitation here.
  await t.db.query(`UPDATE memberships SET pending = false, active = true WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
    NO_CLASSES,
  ]);
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT, headers: Record<string, string> = {}) =>
  t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: { ...(await t.as(who)), ...headers } });
const feed = async (who = DOCENT) => (await get('activities/classroom', who)).json().activities as Activity[];

describe('activities/classroom', () => {
  it("shows the newest activities of the teacher's current class, one page of portal_max_activities", async () => {
    const res = await get('activities/classroom');
    expect(res.statusCode).toBe(200);
    const rows = res.json().activities as Activity[];
    expect(rows).toHaveLength(PAGE);
    const ids = rows.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const inClass = await t.db.query<{ id: number }>(`SELECT id FROM activities WHERE classroom_id = 1 ORDER BY id DESC LIMIT $1`, [PAGE]);
    expect(ids).toEqual(inClass.map((r) => r.id));
    for (const a of rows) {
      expect(new Date(a.dateTimeCreatedText).toISOString()).toBe(a.dateTimeCreatedText);
      expect(a.userName).not.toBe('');
    }
  });

  it('marks new rows unread and fills the details of each kind of activity', async () => {
    const rows = await feed();
    // The demo leaves the newest rows of docent's class unread, among them OPEN check requests.
    expect(rows.some((a) => a.read === 0)).toBe(true);
    const open = rows.filter((a) => a.typeText === 'CHECK_REQUEST' && a.targetStatus === 'OPEN');
    expect(open.length).toBeGreaterThanOrEqual(1);
    for (const a of open)
      expect(a).toMatchObject({ targetId: expect.any(Number), lessonId: expect.any(Number), lessonName: expect.any(String) });

    const all = [
      ...rows,
      ...((await get(`activities/classroom/${PAGE}`)).json().activities as Activity[]),
      ...((await get(`activities/classroom/${2 * PAGE}`)).json().activities as Activity[]),
    ];
    const quiz = all.find((a) => a.typeText === 'QUIZ');
    expect(quiz?.userQuizResult).toMatchObject({ title: expect.any(String), good: expect.any(Number), total: expect.any(Number) });
    expect(quiz?.userQuizResult?.scoreText).toBe(`${quiz?.userQuizResult?.good}/${quiz?.userQuizResult?.total}`);
    const login = all.find((a) => a.typeText === 'LOGIN');
    expect(login).toMatchObject({ userQuizResult: null, portfolioItem: null, targetId: null, targetStatus: null });
  });

  it('loads earlier activities after the offset without overlap', async () => {
    const first = await feed();
    const earlier = (await get(`activities/classroom/${PAGE}`)).json().activities as Activity[];
    expect(earlier).toHaveLength(PAGE);
    expect(Math.max(...earlier.map((a) => a.id))).toBeLessThan(Math.min(...first.map((a) => a.id)));
    expect((await get('activities/classroom/100000')).json()).toEqual({ classroomId: 1, activities: [] });
  });

  it('answers 400 with a reason for a bad offset', async () => {
    for (const bad of ['abc', '-1']) {
      const res = await get(`activities/classroom/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/Ongeldige invoer/);
    }
  });

  it('answers an unchanged poll with 304 and no body, and a new activity with 200', async () => {
    const first = await get('activities/classroom');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('activities/classroom', DOCENT, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.db.query(`INSERT INTO activities (organisation_id, classroom_id, user_id, type) VALUES (1, 1, 3, 'LOGIN')`);
    const changed = await get('activities/classroom', DOCENT, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json().activities as Activity[])[0]).toMatchObject({ typeText: 'LOGIN', userId: 3, read: 0 });
  });

  it('the poll of another teacher does not match this ETag', async () => {
    const mine = (await get('activities/classroom')).headers.etag as string;
    expect((await get('activities/classroom', COLLEGA, { 'if-none-match': mine })).statusCode).toBe(200);
  });
});

describe('activities/read', () => {
  it("marks the whole feed of the teacher's class read, and the poll's ETag changes with it", async () => {
    const before = await get('activities/classroom');
    expect((before.json().activities as Activity[]).some((a) => a.read === 0)).toBe(true);
    const res = await get('activities/read');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    const after = await get('activities/classroom', DOCENT, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect((after.json().activities as Activity[]).every((a) => a.read === 1)).toBe(true);
    const [row] = await t.db.query<{ read_up_to: number }>(`SELECT read_up_to FROM activity_reads WHERE user_id = 1 AND classroom_id = 1`);
    const [max] = await t.db.query<{ id: number }>(`SELECT max(id) AS id FROM activities WHERE classroom_id = 1`);
    expect(Number(row?.read_up_to)).toBe(max?.id);
  });

  it('marks read only up to what the teacher has seen (upTo), so a request arriving meanwhile stays unread', async () => {
    const seen = (await feed())[0]!.id;
    await t.db.query(`INSERT INTO activities (organisation_id, classroom_id, user_id, type) VALUES (1, 1, 3, 'LOGIN')`);
    expect((await get(`activities/read?upTo=${seen}`)).statusCode).toBe(200);
    const rows = await feed();
    expect(rows[0]?.read).toBe(0);
    expect(rows.find((a) => a.id === seen)?.read).toBe(1);
  });

  it('a newer activity arrives unread after marking read', async () => {
    await get('activities/read');
    await t.db.query(`INSERT INTO activities (organisation_id, classroom_id, user_id, type) VALUES (1, 1, 3, 'LOGIN')`);
    const rows = await feed();
    expect(rows[0]?.read).toBe(0);
    expect(rows.slice(1).every((a) => a.read === 1)).toBe(true);
  });

  it('is replayed, not applied twice, with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'read-activities-0001' };
    expect((await get('activities/read', DOCENT, headers)).statusCode).toBe(200);
    const replay = await get('activities/read', DOCENT, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});

describe('which class the feed shows', () => {
  it('follows the class chosen with users/setCurrentClassroomId, and each page names its class', async () => {
    const before = await get('activities/classroom');
    expect(before.json().classroomId).toBe(1);
    expect((await get('users/setCurrentClassroomId/2')).statusCode).toBe(200);
    // The tag of the other class's page is no match: the new class comes whole, named.
    const after = await get('activities/classroom', DOCENT, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().classroomId).toBe(2);
    expect((await get(`activities/classroom/${PAGE}`)).json().classroomId).toBe(2);
    const rows = after.json().activities as Activity[];
    const [newest] = await t.db.query<{ id: number }>(`SELECT max(id) AS id FROM activities WHERE classroom_id = 2`);
    expect(rows[0]?.id).toBe(newest?.id);
    await get('users/setCurrentClassroomId/1');
    // Back in class 1, unchanged meanwhile: its tag holds again.
    expect((await get('activities/classroom', DOCENT, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(304);
  });

  it("never shows another school's class, even when that is stored as current", async () => {
    await t.db.query(
      `INSERT INTO activities (organisation_id, classroom_id, user_id, type) SELECT 2, 13, user_id, 'LOGIN' FROM classroom_students WHERE classroom_id = 13 LIMIT 1`,
    );
    await t.db.query(`UPDATE users SET current_classroom_id = 13 WHERE id = 1`);
    const rows = await feed();
    const ofOther = await t.db.query<{ id: number }>(`SELECT id FROM activities WHERE classroom_id = 13`);
    expect(rows.some((a) => ofOther.some((o) => o.id === a.id))).toBe(false);
    // It falls back to docent's first own class.
    const [newest] = await t.db.query<{ id: number }>(`SELECT max(id) AS id FROM activities WHERE classroom_id = 1`);
    expect(rows[0]?.id).toBe(newest?.id);
    await t.db.query(`UPDATE users SET current_classroom_id = 1 WHERE id = 1`);
  });

  it('without a current class shows the first class the teacher leads', async () => {
    await t.db.query(`UPDATE users SET current_classroom_id = NULL WHERE id = 2`);
    const rows = await feed(COLLEGA);
    const [newest] = await t.db.query<{ id: number }>(`SELECT max(id) AS id FROM activities WHERE classroom_id = 5`);
    expect(rows[0]?.id).toBe(newest?.id);
  });

  it('is empty for a teacher without classes', async () => {
    const res = await get('activities/classroom', NO_CLASSES);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ classroomId: null, activities: [] });
    expect((await get('activities/read', NO_CLASSES)).statusCode).toBe(200);
  });

  it('refuses a student', async () => {
    expect((await get('activities/classroom', LEERLING)).statusCode).toBe(403);
    expect((await get('activities/read', LEERLING)).statusCode).toBe(403);
  });
});
