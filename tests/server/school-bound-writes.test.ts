/**
 * Issue 36: a change is applied to the school it was made in (X-Organisation-Id), not to whatever
 * school is current when it arrives. docent belongs to Het Baken (1, licences) and De Linde (2, none).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Classroom } from '../../src/api/classrooms/types';
import type { UserDetails } from '../../src/api/students/types';
import { INACTIVE_SCHOOL } from '../../server/http/registry';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const BAKEN = 1;
const LINDE = 2;
const MULDER = 'k.mulder@delinde.nl';

let t: TestApp;
let student: number; // a student of Het Baken
beforeAll(async () => {
  t = await createTestApp();
  // A De Linde teacher who can sign in, and a school docent never belonged to.
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
    DOCENT,
    MULDER,
  ]);
  await t.db.query(`INSERT INTO organisations (id, name) VALUES (3, 'De Verborgen School')`);
  const [row] = await t.db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN classroom_students cs ON cs.user_id = u.id JOIN classrooms c ON c.id = cs.classroom_id
      WHERE u.role = 'STUDENT' AND NOT u.is_external AND c.organisation_id = $1 AND u.id > 3 ORDER BY u.id LIMIT 1`,
    [BAKEN],
  );
  student = row!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (method: Method, url: string, opts: { payload?: object; school?: number | string; key?: string; who?: string } = {}) =>
  t.fastify.inject({
    method,
    url: `/api/${url}`,
    headers: {
      ...(await t.as(opts.who ?? DOCENT)),
      ...(opts.school !== undefined ? { 'x-organisation-id': String(opts.school) } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
const switchTo = async (id: number) => expect((await call('GET', `users/setCurrentOrganisationId/${id}`)).statusCode).toBe(200);
const currentSchool = async () =>
  (await t.db.query<{ current_organisation_id: number }>(`SELECT current_organisation_id FROM users WHERE email = $1`, [DOCENT]))[0]!
    .current_organisation_id;
const classesNamed = async (name: string) =>
  t.db.query<{ organisation_id: number }>(`SELECT organisation_id FROM classrooms WHERE name = $1`, [name]);

const newClass = (name: string) => ({ id: 0, name, defaultStudyLevel: 'kader', chapters: [1, 2] });

beforeEach(async () => {
  await t.db.query(`UPDATE memberships SET active = true WHERE user_id = 1`);
  await switchTo(BAKEN);
});

describe('a change made in Het Baken, delivered after the teacher switched to De Linde', () => {
  it('creates the class in Het Baken, and De Linde stays her current school', async () => {
    await switchTo(LINDE);
    const res = await call('POST', 'classrooms/save', { payload: newClass('Wachtend 1A'), school: BAKEN });
    expect(res.statusCode).toBe(200);
    expect(await classesNamed('Wachtend 1A')).toEqual([{ organisation_id: BAKEN }]);
    expect(await currentSchool()).toBe(LINDE);
  });

  it('edits a Het Baken student (who is not found in De Linde without the header)', async () => {
    await switchTo(LINDE);
    const payload = { id: student, email: `verhuisd.${student}@hetbaken.nl`, name: 'Anne Wachtrij', studyLevel: 'kader' };
    expect((await call('POST', 'users/save', { payload })).statusCode).toBe(404);
    const res = await call('POST', 'users/save', { payload, school: BAKEN });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserDetails>()).toMatchObject({ name: 'Anne Wachtrij', organisationFrontName: 'Het Baken' });
  });

  it('reaches the licensed screens of Het Baken, not De Linde’s licence refusal', async () => {
    await switchTo(LINDE);
    const idea = { id: 0, title: 'Wachtend idee', description: 'Gemaakt bij Het Baken' };
    const refused = await call('POST', 'wishlistItems/save', { payload: idea });
    expect(refused.json().error.message).toBe(INACTIVE_SCHOOL);
    const res = await call('POST', 'wishlistItems/save', { payload: idea, school: BAKEN });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<{ organisation_id: number }>(`SELECT organisation_id FROM wishlist_items WHERE title = 'Wachtend idee'`);
    expect(row?.organisation_id).toBe(BAKEN);
  });

  it('answers a resent change from the stored answer: one class, not two', async () => {
    await switchTo(LINDE);
    const key = 'school-bound-replay-1';
    const first = await call('POST', 'classrooms/save', { payload: newClass('Eenmalig 1B'), school: BAKEN, key });
    const again = await call('POST', 'classrooms/save', { payload: newClass('Eenmalig 1B'), school: BAKEN, key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Classroom>().id).toBe(first.json<Classroom>().id);
    expect(await classesNamed('Eenmalig 1B')).toEqual([{ organisation_id: BAKEN }]);
  });

  it('leaves a write without the header, or with her current school, as before', async () => {
    expect((await call('POST', 'classrooms/save', { payload: newClass('Huidig 1C') })).statusCode).toBe(200);
    expect((await call('POST', 'classrooms/save', { payload: newClass('Huidig 1D'), school: BAKEN })).statusCode).toBe(200);
    expect([...(await classesNamed('Huidig 1C')), ...(await classesNamed('Huidig 1D'))]).toEqual([
      { organisation_id: BAKEN },
      { organisation_id: BAKEN },
    ]);
  });
});

describe('a change for a school she has no (more) access to', () => {
  it('is refused 403 naming the school she left, with reason school, and nothing is written', async () => {
    await t.db.query(`UPDATE memberships SET active = false WHERE user_id = 1 AND organisation_id = $1`, [LINDE]);
    const res = await call('POST', 'classrooms/save', { payload: newClass('Te laat 2A'), school: LINDE, key: 'school-bound-refused-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      reason: 'school',
      error: {
        message: 'Deze wijziging is gemaakt voor een andere school (Scholengemeenschap De Linde), waar je geen toegang meer toe hebt.',
      },
    });
    expect(await classesNamed('Te laat 2A')).toEqual([]);
    // Not stored under its key: delivered once she has access again, it is made.
    await t.db.query(`UPDATE memberships SET active = true WHERE user_id = 1 AND organisation_id = $1`, [LINDE]);
    expect(
      (await call('POST', 'classrooms/save', { payload: newClass('Te laat 2A'), school: LINDE, key: 'school-bound-refused-1' })).statusCode,
    ).toBe(200);
    expect(await classesNamed('Te laat 2A')).toEqual([{ organisation_id: LINDE }]);
  });

  it('never names a school she never belonged to', async () => {
    for (const school of [3, 999]) {
      const res = await call('POST', 'classrooms/save', { payload: newClass('Nooit 3A'), school });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        reason: 'school',
        error: { message: 'Deze wijziging is gemaakt voor een andere school, waar je geen toegang toe hebt.' },
      });
    }
    expect(await classesNamed('Nooit 3A')).toEqual([]);
  });

  it('refuses a teacher of another school and a student', async () => {
    const teacher = await call('POST', 'classrooms/save', { payload: newClass('Inbreker 1X'), school: BAKEN, who: MULDER });
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().reason).toBe('school');
    expect(teacher.json().error.message).not.toContain('Het Baken');
    const edit = await call('POST', 'users/save', {
      payload: { id: student, email: 'overgenomen@example.nl', name: 'Overgenomen' },
      school: BAKEN,
      who: MULDER,
    });
    expect(edit.statusCode).toBe(403);
    expect(await classesNamed('Inbreker 1X')).toEqual([]);
    const [row] = await t.db.query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [student]);
    expect(row?.name).not.toBe('Overgenomen');

    const pupil = await call('POST', 'student/studyLevel', { payload: { studyLevel: 'kader' }, school: LINDE, who: LEERLING });
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json()).toMatchObject({
      reason: 'school',
      error: { message: 'Deze wijziging is gemaakt voor een andere school, waar je geen toegang toe hebt.' },
    });
  });

  it('answers a malformed header 400 in Dutch', async () => {
    for (const school of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call('POST', 'classrooms/save', { payload: newClass('Kapot 1Z'), school });
      expect(res.statusCode, school).toBe(400);
      expect(res.json().error.message).toMatch(/^Ongeldige X-Organisation-Id/);
    }
    expect(await classesNamed('Kapot 1Z')).toEqual([]);
  });

  it('leaves reads alone: the header does not choose the school of a read', async () => {
    await switchTo(LINDE);
    const res = await call('GET', 'classrooms/school', { school: BAKEN });
    expect(res.statusCode).toBe(200);
    expect(res.json<Classroom[]>().some((c) => c.name === '1B')).toBe(false);
  });
});
