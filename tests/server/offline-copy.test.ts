/**
 * 'Offline beschikbaar maken' in one read (GET /api/offline/copy/{organisationId}): every read the
 * teacher's screens need, each exactly as its own route answers it (same JSON, same ETag), read in one
 * transaction; one ETag for the copy (304 when nothing changed); only for the caller's current school
 * and the portal's role; the access log of every student read written in one statement. And the
 * files it names, in bundles (GET /api/offline/files/{organisationId}).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom, Student } from '../../src/api/classrooms/types';
import type { OfflineCopy } from '../../src/api/offline/types';
import type { Queryable } from '../../server/db/database';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
const OTHER_ADMIN = 'beheer@delinde.nl';
const statements: string[] = [];

/** Records the statements of transactions (the copy's own), as write-path.test.ts does. */
function countStatements(app: TestApp): void {
  const db = app.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (fn) => {
    statements.push('BEGIN');
    return transaction((tx) =>
      fn({
        query: (sql, params) => {
          statements.push(sql);
          return tx.query(sql, params);
        },
      } satisfies Queryable),
    ).finally(() => statements.push('COMMIT'));
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // An ADMIN of only the other school.
  const [admin] = await t.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, role, current_organisation_id) SELECT $1, 'Beheer De Linde', password_hash, 'ADMIN', 2 FROM users WHERE email = $2 RETURNING id`,
    [OTHER_ADMIN, DOCENT],
  );
  await t.db.query(`INSERT INTO memberships (user_id, organisation_id, active) VALUES ($1, 2, true)`, [admin!.id]);
  countStatements(t);
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT, headers: Record<string, string> = {}) =>
  t.fastify.inject({ method: 'GET', url, headers: { ...(await t.as(who)), ...headers } });

describe('the offline copy', () => {
  let copy: OfflineCopy;
  let etag: string;

  it('holds every screen’s read as its own route answers it, with that route’s ETag, from one transaction', async () => {
    statements.length = 0;
    const started = Date.now();
    const res = await get('/api/offline/copy/1');
    const ms = Date.now() - started;
    expect(res.statusCode).toBe(200);
    copy = res.json() as OfflineCopy;
    etag = res.headers.etag as string;
    expect(etag).toBe(copy.version);
    expect(copy.total).toBe(copy.entries.length);
    console.log(`[offline-copy] ${copy.entries.length} entries, ${copy.files.length} files, ${res.body.length} bytes, ${ms} ms`);
    // One transaction: BEGIN, then everything up to one COMMIT.
    expect(statements.filter((s) => s === 'BEGIN')).toHaveLength(1);
    expect(statements.at(-1)).toBe('COMMIT');

    const byKey = new Map(copy.entries.map((e) => [`${e.endpoint} ${JSON.stringify(e.params ?? {})}`, e]));
    const classes = (await get('/api/classrooms/school')).json() as Classroom[];
    const last = classes.filter((c) => c.studentCount > 0).at(-1)!;
    const students = (await get(`/api/classrooms/students/${last.id}`)).json() as Student[];
    const student = students.at(-1)!;
    for (const [endpoint, url, params] of [
      ['classrooms.school', '/api/classrooms/school', {}],
      ['classrooms.students', `/api/classrooms/students/${last.id}`, { id: last.id }],
      ['portfolios.progress', `/api/portfolioItems/progress/${last.id}`, { id: last.id }],
      ['students.details', `/api/users/details/${student.id}`, { id: student.id }],
      ['students.quizResults', `/api/students/quizResults/${student.id}`, { userId: student.id }],
      ['students.portfolio', `/api/portfolioItems/users/${student.id}`, { userId: student.id }],
    ] as const) {
      const own = await get(url);
      const entry = byKey.get(`${endpoint} ${JSON.stringify(params)}`);
      expect(entry, endpoint).toBeDefined();
      expect(entry!.data, endpoint).toEqual(own.json());
      expect(entry!.etag, endpoint).toBe(own.headers.etag);
    }
    // Every student of every class, once; the exams' files among the files.
    const studentForms = copy.entries.filter((e) => e.endpoint === 'students.details');
    expect(new Set(studentForms.map((e) => e.params?.id)).size).toBe(studentForms.length);
    expect(studentForms.length).toBeGreaterThan(100);
    expect(copy.files.some((f) => f.startsWith('demo-exam-'))).toBe(true);
  });

  it('answers 304 without a body when nothing changed, and a new version when something did', async () => {
    const same = await get('/api/offline/copy/1', DOCENT, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await t.db.query(`UPDATE classrooms SET name = name || ' ' WHERE id = (SELECT min(id) FROM classrooms WHERE organisation_id = 1)`);
    const changed = await get('/api/offline/copy/1', DOCENT, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('writes the access log of every student read in one statement: one row per student and subject', async () => {
    await t.db.query(`DELETE FROM student_access_log`);
    statements.length = 0;
    const res = await get('/api/offline/copy/1');
    expect(res.statusCode).toBe(200);
    const inserts = statements.filter((s) => /INSERT INTO student_access_log/i.test(s));
    expect(inserts).toHaveLength(1);
    const students = new Set((res.json() as OfflineCopy).entries.filter((e) => e.endpoint === 'students.details').map((e) => e.params?.id));
    const rows = await t.db.query<{ subject: string; n: number; students: number }>(
      `SELECT subject, count(*)::int AS n, count(DISTINCT student_id)::int AS students FROM student_access_log
        WHERE actor_email = $1 AND action = 'VIEW' GROUP BY subject ORDER BY subject`,
      [DOCENT],
    );
    const of = (subject: string) => rows.find((r) => r.subject === subject);
    expect(of('PROFILE')).toEqual({ subject: 'PROFILE', n: students.size, students: students.size });
    expect(of('RESULTS')).toEqual({ subject: 'RESULTS', n: students.size, students: students.size });
    expect(of('PORTFOLIO')?.n).toBe(of('PORTFOLIO')?.students);
    // Within the quiet window a second copy is the same view: no new rows.
    await get('/api/offline/copy/1');
    const [again] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM student_access_log`);
    expect(again!.n).toBe(rows.reduce((n, r) => n + r.n, 0));
  });

  it('is refused for another school than the current one, to a teacher of another school, to a student and without a token', async () => {
    const other = await get('/api/offline/copy/2');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: { message: 'Deze offline kopie hoort bij een andere school dan de school die nu gekozen is.' } });
    expect((await get('/api/offline/copy/1', OTHER_ADMIN)).statusCode).toBe(403);
    const student = await get('/api/offline/copy/1', LEERLING);
    expect(student.statusCode).toBe(403);
    expect((student.json() as { error: { message: string } }).error.message).toBe(
      'Leerlingen hebben geen toegang tot de Docentenomgeving.',
    );
    expect((await t.fastify.inject({ method: 'GET', url: '/api/offline/copy/1' })).statusCode).toBe(401);
    // The other school's teacher gets her own school's copy, with none of ours in it.
    const theirs = (await get('/api/offline/copy/2', OTHER_ADMIN)).json() as OfflineCopy;
    const ours = new Set(copy.entries.filter((e) => e.endpoint === 'students.details').map((e) => e.params?.id));
    expect(theirs.entries.filter((e) => e.endpoint === 'students.details' && ours.has(e.params?.id ?? -1))).toEqual([]);
  });
});

describe('the copy’s files in bundles', () => {
  it('sends each named file with the headers of its own route, and leaves out another school’s', async () => {
    const [exam] = await t.db.query<{ id: string }>(`SELECT content_file_id AS id FROM exams ORDER BY id LIMIT 1`);
    const [theirs] = await t.db.query<{ id: string }>(`SELECT id FROM files WHERE organisation_id = 2 LIMIT 1`);
    const ids = [exam!.id, ...(theirs ? [theirs.id] : [])];
    const res = await get(`/api/offline/files/1?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const body = res.rawPayload;
    const newline = body.indexOf(10);
    const header = JSON.parse(body.subarray(0, newline).toString()) as { id: string; size: number; headers: Record<string, string> };
    const own = await get(`/api/files/${exam!.id}`);
    expect(header.id).toBe(exam!.id);
    expect(header.headers['Content-Type']).toBe('application/pdf');
    expect(header.headers['Content-Disposition']).toBe(own.headers['content-disposition']);
    expect(body.subarray(newline + 1, newline + 1 + header.size).equals(own.rawPayload)).toBe(true);
    // Nothing after the one file of this school.
    expect(body.length).toBe(newline + 1 + header.size);
    expect((await get(`/api/offline/files/1?ids=${exam!.id}`, LEERLING)).statusCode).toBe(403);
    expect((await get(`/api/offline/files/1?ids=${exam!.id}`, OTHER_ADMIN)).statusCode).toBe(403);
    expect((await get(`/api/offline/files/1?ids=../etc`)).statusCode).toBe(400);
  });
});
