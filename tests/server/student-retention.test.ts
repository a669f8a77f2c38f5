/**
 * Issue 31.2, retention with an injected clock: an inactive student or a leaver shows the day she is
 * deleted ('Wordt verwijderd op'), the purge job deletes her on that day and not before, the months
 * are configurable, and the access log itself is pruned after ACCESS_LOG_DAYS.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Student } from '../../src/api/classrooms/types';
import type { StudentPrivacy, UserDetails } from '../../src/api/students/types';
import { ACCESS_LOG_DAYS } from '../../server/areas/students/access-log';
import { loadConfig } from '../../server/config';
import { purgeStudents, startStudentRetentionJob, STUDENT_RETENTION_JOB } from '../../server/jobs/student-retention';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
const clock = new Date('2026-11-26T08:00:00Z');
let idle: number; // not signed in since 10 January 2026, still in her class
let leaver: number; // left school on 1 June 2026
let active: number;

const at = (s: string) => new Date(s);

beforeAll(async () => {
  // A fresh Date each call: a handler may move the one it gets (classrooms' idleStudents does).
  t = await createTestApp({}, () => new Date(clock));
  const ids = await t.db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND u.email <> $1 ORDER BY u.id LIMIT 3`,
    [LEERLING],
  );
  [idle, leaver, active] = ids.map((r) => r.id) as [number, number, number];
  await t.db.query(`UPDATE users SET last_login = $2, last_active = $2, reg_date = '2024-09-01' WHERE id = $1`, [
    idle,
    at('2026-01-10T09:00:00Z'),
  ]);
  await t.db.query(`UPDATE users SET last_login = $2, last_active = $2, reg_date = '2024-09-01' WHERE id = $1`, [
    leaver,
    at('2026-05-20T09:00:00Z'),
  ]);
  await t.db.query(`UPDATE memberships SET active = false, inactive_since = $2 WHERE user_id = $1`, [leaver, at('2026-06-01T09:00:00Z')]);
  await t.db.query(`UPDATE users SET last_login = $2, last_active = $2 WHERE id = $1`, [active, at('2026-11-20T09:00:00Z')]);
});
afterAll(() => t.close());

const get = async <T>(url: string) =>
  (await t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(DOCENT) })).json() as T;
const exists = async (id: number) => (await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [id])).length > 0;

describe('the retention date on the profile', () => {
  it('is her last activity plus 12 months for an inactive student and a leaver, and none for an active one', async () => {
    expect((await get<UserDetails>(`users/details/${idle}`)).deleteOn).toBe('2027-01-10T09:00:00.000Z');
    expect((await get<UserDetails>(`users/details/${leaver}`)).deleteOn).toBe('2027-06-01T09:00:00.000Z');
    expect((await get<UserDetails>(`users/details/${active}`)).deleteOn).toBeNull();
    // The 'Inactieve leerlingen' list shows the same date.
    const list = await get<Student[]>('organisations/students/idle');
    expect(list.find((s) => s.id === idle)?.deleteOn).toBe('2027-01-10T09:00:00.000Z');
    expect(await get<StudentPrivacy>(`students/privacy/${idle}`)).toMatchObject({
      deleteOn: '2027-01-10T09:00:00.000Z',
      retentionMonths: 12,
      accessLogDays: ACCESS_LOG_DAYS,
    });
  });

  it('follows STUDENT_RETENTION_MONTHS, which must be a whole number of months', () => {
    expect(loadConfig({}).studentRetentionMonths).toBe(12);
    expect(loadConfig({ STUDENT_RETENTION_MONTHS: '18' }).studentRetentionMonths).toBe(18);
    for (const bad of ['0', '1.5', 'twaalf', '121'])
      expect(() => loadConfig({ STUDENT_RETENTION_MONTHS: bad }), bad).toThrow(/STUDENT_RETENTION_MONTHS/);
  });
});

describe('the purge job', () => {
  it('deletes a student on her date and not a day before; more months keep her longer', async () => {
    await purgeStudents(t.db, t.context.files, at('2027-01-09T09:00:00Z'), 12);
    expect(await exists(idle)).toBe(true);
    await purgeStudents(t.db, t.context.files, at('2027-01-11T09:00:00Z'), 24);
    expect(await exists(idle)).toBe(true);
    const r = await purgeStudents(t.db, t.context.files, at('2027-01-11T09:00:00Z'), 12);
    expect(r.students).toBeGreaterThanOrEqual(1);
    expect(await exists(idle)).toBe(false);
    // The leaver counts from the day she left, the active student from her last sign-in.
    expect(await exists(leaver)).toBe(true);
    await purgeStudents(t.db, t.context.files, at('2027-06-02T09:00:00Z'), 12);
    expect(await exists(leaver)).toBe(false);
    expect(await exists(active)).toBe(true);
    // Teachers are not students: the purge never touches them.
    expect((await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [DOCENT])).length).toBe(1);
  });

  it('prunes the access log after its documented time', async () => {
    // A view now, and one written a year and a day before the run.
    expect((await get<UserDetails>(`users/details/${active}`)).id).toBe(active);
    await t.db.query(
      `INSERT INTO student_access_log (organisation_id, student_id, actor_id, actor_email, action, subject, created_at) SELECT 1, $1, id, email, 'VIEW', 'RESULTS', $2 FROM users WHERE email = $3`,
      [active, at('2025-11-25T08:00:00Z'), DOCENT],
    );
    const before = (await get<StudentPrivacy>(`students/privacy/${active}`)).accessLog;
    expect(before.map((l) => l.subject)).toEqual(['PROFILE', 'RESULTS']);
    const r = await purgeStudents(t.db, t.context.files, clock, 12);
    expect(r.accessLog).toBe(1);
    expect((await get<StudentPrivacy>(`students/privacy/${active}`)).accessLog.map((l) => l.subject)).toEqual(['PROFILE']);
  });

  it('runs once across processes: two starts at the same moment make one run', async () => {
    await t.db.query(`DELETE FROM job_runs WHERE name = $1`, [STUDENT_RETENTION_JOB]);
    const later = at('2028-01-01T00:00:00Z');
    const logs: string[] = [];
    const stops = [0, 1].map(() =>
      startStudentRetentionJob(
        t.db,
        t.context.files,
        12,
        () => later,
        3_600_000,
        (m) => logs.push(m),
      ),
    );
    await vi.waitFor(() => expect(logs.filter((l) => l.startsWith(STUDENT_RETENTION_JOB))).toHaveLength(1), { timeout: 10_000 });
    stops.forEach((stop) => stop());
    const [run] = await t.db.query<{ runs: number }>(`SELECT runs FROM job_runs WHERE name = $1`, [STUDENT_RETENTION_JOB]);
    expect(run!.runs).toBe(1);
    // By 2028 the student last seen in November 2026 is past her date too.
    expect(await exists(active)).toBe(false);
  });
});
