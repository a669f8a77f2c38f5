/**
 * The 5 s poll answers from the class's feed_version (migration 006): it changes with every write the
 * feed shows, and with nothing else, so an unchanged poll is a 304 that needs no feed query.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../src/api/dashboard/types';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const HOUR = 3600_000;

let t: TestApp;
/** The server's clock: real time plus a shift a test moves forward. */
let shift = 0;
let lesson: number;

beforeAll(async () => {
  t = await createTestApp({}, () => new Date(Date.now() + shift));
  // A lesson the demo student has no request for yet.
  const [free] = await t.db.query<{ id: number }>(
    `SELECT id FROM lessons WHERE id NOT IN (SELECT lesson_id FROM check_requests WHERE student_id = 3) ORDER BY id LIMIT 1`,
  );
  lesson = free!.id;
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT, headers: Record<string, string> = {}) =>
  t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: { ...(await t.as(who)), ...headers } });
const poll = (etag?: string, who = DOCENT) => get('activities/classroom', who, etag ? { 'if-none-match': etag } : {});
const versionOf = async (room = 1) =>
  (await t.db.query<{ v: number }>(`SELECT feed_version AS v FROM classrooms WHERE id = $1`, [room]))[0]!.v;

/** A poll with the ETag still current must be 304; returns the ETag to poll with next. */
async function unchanged(etag: string): Promise<string> {
  const res = await poll(etag);
  expect(res.statusCode).toBe(304);
  expect(res.body).toBe('');
  expect(res.headers.etag).toBe(etag);
  return etag;
}

describe('the poll version', () => {
  it('stays the same over polls, reads and writes the feed does not show', async () => {
    const first = await poll();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const version = await versionOf();
    await unchanged(etag);
    await get('activities/classroom/25');
    await get('classrooms/students/1');
    // A teacher's sign-in writes last_login, not a name: no change for the feed (a student's adds a LOGIN row).
    await t.login(COLLEGA);
    await unchanged(etag);
    expect(await versionOf()).toBe(version);
  });

  it('moves with a new activity, and the next poll brings it with 200', async () => {
    const etag = (await poll()).headers.etag as string;
    const before = await versionOf();
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/student/checkRequests',
      headers: await t.as(LEERLING),
      payload: { lessonId: lesson },
    });
    expect(res.statusCode).toBe(200);
    const requestId = (res.json() as { id: number }).id;
    expect(await versionOf()).toBeGreaterThan(before);
    const next = await poll(etag);
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect((next.json().activities as Activity[])[0]).toMatchObject({
      typeText: 'CHECK_REQUEST',
      targetId: requestId,
      targetStatus: 'OPEN',
      read: 0,
    });
    await unchanged(next.headers.etag as string);
  });

  it('moves with a decision on a request in the feed', async () => {
    const first = await poll();
    const open = (first.json().activities as Activity[]).find((a) => a.targetStatus === 'OPEN')!;
    expect((await get(`checkRequests/reject/${open.targetId}`)).statusCode).toBe(200);
    const next = await poll(first.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect((next.json().activities as Activity[]).find((a) => a.id === open.id)?.targetStatus).toBe('REJECTED');
  });

  it('moves with a new name of a student in the feed', async () => {
    const first = await poll();
    const row = (first.json().activities as Activity[])[0]!;
    await t.db.query(`UPDATE users SET name = 'Nieuwe Naam' WHERE id = $1`, [row.userId]);
    const next = await poll(first.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect((next.json().activities as Activity[]).find((a) => a.id === row.id)?.userName).toBe('Nieuwe Naam');
  });

  it("changes the ETag when the teacher marks the feed read, without moving the class's version", async () => {
    const first = await poll();
    const version = await versionOf();
    expect((await get('activities/read')).statusCode).toBe(200);
    expect(await versionOf()).toBe(version);
    const next = await poll(first.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect((next.json().activities as Activity[]).every((a) => a.read === 1)).toBe(true);
    // A colleague's ETag never stands for this teacher's page (her watermark differs).
    expect((await poll(next.headers.etag as string, COLLEGA)).statusCode).toBe(200);
  });

  it('drops the activities of a deleted student on the next poll', async () => {
    await t.db.query(`INSERT INTO activities (organisation_id, classroom_id, user_id, type) VALUES (1, 1, 3, 'LOGIN')`);
    const first = await poll();
    expect((first.json().activities as Activity[])[0]?.userId).toBe(3);
    await t.db.query(`DELETE FROM users WHERE id = 3`);
    const next = await poll(first.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect((next.json().activities as Activity[]).some((a) => a.userId === 3)).toBe(false);
  });
});

describe('statuses that change by the clock', () => {
  it('answers 200 once an OPEN request on the page expires after 24 h, with no write at all', async () => {
    // Only this request may turn by the clock: the page's other requests are decided for good.
    await t.db.query(
      `UPDATE check_requests SET status = 'REJECTED', decided_at = now() WHERE classroom_id = 1 AND status IN ('OPEN', 'APPROVED')`,
    );
    const [student] = await t.db.query<{ id: number }>(
      `SELECT user_id AS id FROM classroom_students WHERE classroom_id = 1 ORDER BY user_id LIMIT 1`,
    );
    const [request] = await t.db.query<{ id: number }>(
      `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, created_at) VALUES (1, 1, $1, $2, $3) RETURNING id`,
      [student!.id, lesson, new Date(Date.now() + shift)],
    );
    await t.db.query(
      `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, check_request_id) VALUES (1, 1, $1, 'CHECK_REQUEST', $2, $3)`,
      [student!.id, lesson, request!.id],
    );
    const first = await poll();
    expect((first.json().activities as Activity[])[0]).toMatchObject({ targetId: request!.id, targetStatus: 'OPEN' });
    const version = await versionOf();
    shift += 23 * HOUR;
    await unchanged(first.headers.etag as string);
    shift += 2 * HOUR;
    const next = await poll(first.headers.etag as string);
    expect(next.statusCode).toBe(200);
    expect((next.json().activities as Activity[])[0]).toMatchObject({ targetId: request!.id, targetStatus: 'EXPIRED' });
    expect(await versionOf()).toBe(version);
    await unchanged(next.headers.etag as string);
  });
});

describe("the poll's own caller lookup", () => {
  it('refuses a token once it expired, also right after it was verified', async () => {
    const { accessToken } = await t.login(COLLEGA);
    const headers = { authorization: `Bearer ${accessToken}` };
    expect((await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a teacher at once when her membership of the school is ended, whatever ETag she holds', async () => {
    const first = await poll(undefined, COLLEGA);
    expect(first.statusCode).toBe(200);
    await t.db.query(`UPDATE memberships SET active = false WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [COLLEGA]);
    expect((await poll(first.headers.etag as string, COLLEGA)).statusCode).toBe(401);
  });
});
