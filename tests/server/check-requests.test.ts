import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../src/api/dashboard/types';
import { EXPIRED_REASON } from '../../server/areas/dashboard/check-status';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const HOUR = 3600_000;

let t: TestApp;
/** The server's clock: real time plus a shift the tests move forward. */
let shift = 0;
let open: number[] = []; // OPEN requests in docent's class 1
let otherSchool: number;
let lessonOfLeerling: number;
let secondLesson: number;

beforeAll(async () => {
  t = await createTestApp({}, () => new Date(Date.now() + shift));
  open = (await t.db.query<{ id: number }>(`SELECT id FROM check_requests WHERE classroom_id = 1 AND status = 'OPEN' ORDER BY id`)).map(
    (r) => r.id,
  );
  const [other] = await t.db.query<{ id: number }>(
    `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id)
     SELECT 2, 13, user_id, 1 FROM classroom_students WHERE classroom_id = 13 LIMIT 1 RETURNING id`,
  );
  otherSchool = other!.id;
  // Lessons the demo student has no request for yet.
  const [lesson, second] = await t.db.query<{ id: number }>(
    `SELECT id FROM lessons WHERE id NOT IN (SELECT lesson_id FROM check_requests WHERE student_id = 3) ORDER BY id LIMIT 2`,
  );
  lessonOfLeerling = lesson!.id;
  secondLesson = second!.id;
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT, headers: Record<string, string> = {}) =>
  t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: { ...(await t.as(who)), ...headers } });
const post = async (url: string, payload?: object, who = LEERLING) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });

/** The feed row of a check request in docent's class 1, reading as far back as needed. */
async function inFeed(requestId: number): Promise<Activity | undefined> {
  for (let offset = 0; offset < 200; offset += 25) {
    const rows = (await get(offset === 0 ? 'activities/classroom' : `activities/classroom/${offset}`)).json().activities as Activity[];
    const row = rows.find((a) => a.typeText === 'CHECK_REQUEST' && a.targetId === requestId);
    if (row || rows.length === 0) return row;
  }
  return undefined;
}

describe('checkRequests/approve and reject', () => {
  it('has OPEN requests to decide in docent’s class', async () => {
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect((await inFeed(open[0]!))?.targetStatus).toBe('OPEN');
  });

  it('approves an OPEN request: the feed shows APPROVED and who decided when is recorded', async () => {
    const id = open[0]!;
    const res = await get(`checkRequests/approve/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('De aanvraag is goedgekeurd.');
    expect((await inFeed(id))?.targetStatus).toBe('APPROVED');
    const [row] = await t.db.query<{ status: string; decided_by: number; decided_at: Date | null }>(
      `SELECT status, decided_by, decided_at FROM check_requests WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({ status: 'APPROVED', decided_by: 1 });
    expect(row?.decided_at).not.toBeNull();
  });

  it('refuses to decide a request twice, with the reason', async () => {
    const res = await get(`checkRequests/reject/${open[0]!}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Deze aanvraag is al goedgekeurd.');
    expect(res.json().status).toBe('APPROVED');
  });

  it('rejects an OPEN request: the feed shows REJECTED', async () => {
    const id = open[1]!;
    const res = await get(`checkRequests/reject/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await inFeed(id))?.targetStatus).toBe('REJECTED');
    expect((await get(`checkRequests/approve/${id}`)).json().error.message).toBe('Deze aanvraag is al afgekeurd.');
  });

  it('answers a replayed approval (same Idempotency-Key) with the stored answer, not a 409', async () => {
    const id = open[2]!;
    const headers = { 'idempotency-key': `approve-${id}-replay-test` };
    expect((await get(`checkRequests/approve/${id}`, DOCENT, headers)).statusCode).toBe(200);
    const replay = await get(`checkRequests/approve/${id}`, DOCENT, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a request older than 24 hours with the Dutch reason; the feed shows EXPIRED', async () => {
    const id = open[3]!;
    await t.db.query(`UPDATE check_requests SET created_at = now() - interval '25 hours' WHERE id = $1`, [id]);
    expect((await inFeed(id))?.targetStatus).toBe('EXPIRED');
    const res = await get(`checkRequests/approve/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(EXPIRED_REASON);
    expect(EXPIRED_REASON).toBe('Deze aanvraag is verlopen: een aanvraag vervalt na 24 uur.');
    expect((await get(`checkRequests/reject/${id}`)).statusCode).toBe(409);
    expect((await inFeed(id))?.targetStatus).toBe('EXPIRED');
  });

  it("answers 404 for another school's request and for an unknown one", async () => {
    for (const url of [`checkRequests/approve/${otherSchool}`, `checkRequests/reject/${otherSchool}`, 'checkRequests/approve/999999']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Deze aanvraag is niet gevonden.');
    }
    const [row] = await t.db.query<{ status: string }>(`SELECT status FROM check_requests WHERE id = $1`, [otherSchool]);
    expect(row?.status).toBe('OPEN');
  });

  it('answers 400 with a reason for a bad id, and 403 to a student', async () => {
    const bad = await get('checkRequests/approve/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Ongeldige invoer/);
    expect((await get(`checkRequests/approve/${open[4] ?? open[0]!}`, LEERLING)).statusCode).toBe(403);
  });
});

describe('student/checkRequests (the students’ app)', () => {
  let mine: number;

  it('a student asks for a check: the teacher sees an OPEN, unread CHECK_REQUEST in the feed', async () => {
    const res = await post('student/checkRequests', { lessonId: lessonOfLeerling });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'OPEN' });
    mine = res.json().id;
    const row = (await get('activities/classroom')).json().activities[0] as Activity;
    expect(row).toMatchObject({
      typeText: 'CHECK_REQUEST',
      targetId: mine,
      targetStatus: 'OPEN',
      read: 0,
      userId: 3,
      lessonId: lessonOfLeerling,
    });
  });

  it('allows one OPEN request per lesson', async () => {
    const res = await post('student/checkRequests', { lessonId: lessonOfLeerling });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/al een aanvraag open/);
  });

  it('the student withdraws it: the teacher’s feed shows CANCELED and cannot approve it', async () => {
    const res = await post(`student/checkRequests/${mine}/cancel`);
    expect(res.statusCode).toBe(200);
    expect((await inFeed(mine))?.targetStatus).toBe('CANCELED');
    const approve = await get(`checkRequests/approve/${mine}`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.message).toBe('De leerling heeft deze aanvraag ingetrokken.');
    const again = await post(`student/checkRequests/${mine}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Je hebt deze aanvraag al ingetrokken.');
  });

  it('after withdrawing, the student may ask again for the same lesson', async () => {
    const res = await post('student/checkRequests', { lessonId: lessonOfLeerling });
    expect(res.statusCode).toBe(200);
    mine = res.json().id;
  });

  it('an expired request no longer blocks a new one for the lesson', async () => {
    await t.db.query(`UPDATE check_requests SET created_at = now() - interval '30 hours' WHERE id = $1`, [mine]);
    const cancel = await post(`student/checkRequests/${mine}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(EXPIRED_REASON);
    const res = await post('student/checkRequests', { lessonId: lessonOfLeerling });
    expect(res.statusCode).toBe(200);
    expect((await inFeed(mine))?.targetStatus).toBe('EXPIRED');
    expect((await inFeed(res.json().id))?.targetStatus).toBe('OPEN');
  });

  it("refuses an unknown lesson (404), bad input (400) and someone else's request (404)", async () => {
    const unknown = await post('student/checkRequests', { lessonId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Deze les bestaat niet.');
    const bad = await post('student/checkRequests', { lessonId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Ongeldige invoer/);
    expect((await post('student/checkRequests', {})).statusCode).toBe(400);
    const foreign = await post(`student/checkRequests/${open[5] ?? open[0]!}/cancel`);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a teacher on the student routes with 403', async () => {
    expect((await post('student/checkRequests', { lessonId: lessonOfLeerling }, DOCENT)).statusCode).toBe(403);
    expect((await post(`student/checkRequests/${mine}/cancel`, undefined, COLLEGA)).statusCode).toBe(403);
  });
});

describe('the 24-hour approval window', () => {
  it('an approval made more than 24 hours ago reads APPROVED_EXPIRED', async () => {
    const { id } = (await post('student/checkRequests', { lessonId: secondLesson })).json() as { id: number };
    expect((await get(`checkRequests/approve/${id}`)).statusCode).toBe(200);
    shift = 23 * HOUR;
    expect((await inFeed(id))?.targetStatus).toBe('APPROVED');
    shift = 25 * HOUR;
    expect((await inFeed(id))?.targetStatus).toBe('APPROVED_EXPIRED');
    // And every request still OPEN from before is EXPIRED by now.
    const rows = (await get('activities/classroom')).json().activities as Activity[];
    expect(rows.some((a) => a.targetStatus === 'OPEN')).toBe(false);
    shift = 0;
  });
});
