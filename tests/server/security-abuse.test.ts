/**
 * Issue 15, findings 4, 5 and the rest of 8: invitation tokens and class codes cannot be tried at
 * full speed, the unauthenticated error report is limited, answers do not reveal other schools'
 * accounts, signed file links end with the teacher's membership, students work only on their own
 * class's lessons, tokens and signatures stay out of the log, and HTTPS gets Secure + HSTS.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { EMAIL_TAKEN, NOT_YOUR_LESSON } from '../../server/areas/students-app/handlers';
import { hashToken } from '../../server/auth/invitation-token';
import { redactUrl } from '../../server/security';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

// The real hash, watched: finding 4 is about when it runs.
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let clock = new Date('2026-03-02T08:00:00Z');
const now = () => clock;
const advance = (secs: number) => (clock = new Date(clock.getTime() + secs * 1000));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, now);
});
afterAll(() => t.close());

const count = async (sql: string, params: (string | number)[] = []) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

describe('finding 4: invitation links', () => {
  it('a made-up token is looked up before any password hash, and one address gets 10 tries a minute', async () => {
    vi.mocked(hashPassword).mockClear();
    const address = '10.60.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: `/api/invitations/${randomBytes(32).toString('base64url')}`,
        payload: { password: 'Lang-genoeg-1' },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
    }
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // The GET that shows who is invited counts too.
    expect(
      (await t.fastify.inject({ method: 'GET', url: `/api/invitations/${randomBytes(32).toString('base64url')}`, remoteAddress: address }))
        .statusCode,
    ).toBe(429);

    // A real invitation from another address still works, and is hashed once.
    const token = randomBytes(32).toString('base64url');
    const [{ id }] = (await t.db.query<{ id: number }>(
      `INSERT INTO users (email, name, role, current_organisation_id) VALUES ('uitgenodigd@demoschool.nl', '', 'ADMIN', 1) RETURNING id`,
    )) as [{ id: number }];
    await t.db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, 1)`, [id]);
    await t.db.query(`INSERT INTO invitations (token_hash, user_id, organisation_id, expires_at) VALUES ($1, $2, 1, $3)`, [
      hashToken(token),
      id,
      new Date(clock.getTime() + 86_400_000),
    ]);
    const shown = await t.fastify.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress: '10.60.0.2' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const set = await t.fastify.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'Lang-genoeg-1', name: 'Uitgenodigde Collega' },
      remoteAddress: '10.60.0.2',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);
    advance(61);
  });
});

describe('finding 5: class codes', () => {
  const register = (accessCode: string, email: string, remoteAddress: string) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/student/register',
      payload: { accessCode, email, password: 'Lang-genoeg-1', name: 'Nieuw' },
      remoteAddress,
    });

  it('wrong codes from one address are limited to 20 a minute; another address is not held back', async () => {
    const [room] = await t.db.query<{ access_code: string }>(
      `SELECT access_code FROM classrooms WHERE organisation_id = 1 AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await register(`ZZ${i}X9`, `gok${i}@leerling.example`, '10.61.0.1')).statusCode);
    expect(codes.filter((c) => c === 404)).toHaveLength(20);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    expect((await register(room!.access_code, 'gok-echt@leerling.example', '10.61.0.1')).statusCode).toBe(429);
    const ok = await register(room!.access_code, 'nieuw-echt@leerling.example', '10.61.0.2');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    advance(61);
  });

  it('a whole class registering behind one address is not held back (a registration gives its try back)', async () => {
    const [room] = await t.db.query<{ access_code: string }>(
      `SELECT access_code FROM classrooms WHERE organisation_id = 1 AND NOT hidden ORDER BY id LIMIT 1`,
    );
    for (let i = 0; i < 30; i++) expect((await register(room!.access_code, `klas${i}@leerling.example`, '10.61.0.3')).statusCode).toBe(200);
    advance(61);
  });

  it('an address taken in another school gets the same answer as one taken here, which does not say an account exists', async () => {
    const [room] = await t.db.query<{ access_code: string }>(
      `SELECT access_code FROM classrooms WHERE organisation_id = 1 AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const [{ id: school2 }] = (await t.db.query<{ id: number }>(
      `INSERT INTO organisations (name) VALUES ('Andere school') RETURNING id`,
    )) as [{ id: number }];
    const [{ id }] = (await t.db.query<{ id: number }>(
      `INSERT INTO users (email, name, role, current_organisation_id) VALUES ('elders@andereschool.nl', 'Elders', 'ADMIN', $1) RETURNING id`,
      [school2],
    )) as [{ id: number }];
    await t.db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, $2)`, [id, school2]);
    const elsewhere = await register(room!.access_code, 'elders@andereschool.nl', '10.61.0.4');
    const here = await register(room!.access_code, LEERLING, '10.61.0.4');
    expect(elsewhere.statusCode).toBe(here.statusCode);
    expect(elsewhere.json()).toEqual(here.json());
    expect(elsewhere.json().error.message).toBe(EMAIL_TAKEN);
    expect(EMAIL_TAKEN).not.toMatch(/bestaat/);
  });
});

describe('finding 8: the smaller ones', () => {
  it('the unauthenticated error report is limited per address', async () => {
    const before = await count('error_reports');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: '/api/application/Jobs/Report.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ url: '/index', message: `fout ${i}` }).toString(),
        remoteAddress: '10.62.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(await count('error_reports')).toBe(before + 10);
    advance(61);
  });

  it('users/save: probing addresses in bulk is stopped after 20 taken addresses an hour', async () => {
    const headers = await t.as(COLLEGA);
    const [student] = await t.db.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND u.id > 3 ORDER BY u.id LIMIT 1`,
    );
    const taken = await t.db.query<{ email: string }>(`SELECT email FROM users WHERE id <> $1 ORDER BY id LIMIT 21`, [student!.id]);
    const codes: number[] = [];
    for (const { email } of taken) {
      codes.push(
        (await t.fastify.inject({ method: 'POST', url: '/api/users/save', headers, payload: { id: student!.id, email, name: 'Leerling' } }))
          .statusCode,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    advance(3601);
  });

  it('organisations/saveTeacher does not reveal a student account of another school', async () => {
    const [{ id: school2 }] = (await t.db.query<{ id: number }>(
      `INSERT INTO organisations (name) VALUES ('Derde school') RETURNING id`,
    )) as [{ id: number }];
    const [{ id }] = (await t.db.query<{ id: number }>(
      `INSERT INTO users (email, name, role, current_organisation_id) VALUES ('leerling@derdeschool.nl', 'L', 'STUDENT', $1) RETURNING id`,
      [school2],
    )) as [{ id: number }];
    await t.db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, $2)`, [id, school2]);
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveTeacher',
      headers: await t.as(COLLEGA),
      payload: { email: 'leerling@derdeschool.nl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Er is een uitnodiging gestuurd naar leerling@derdeschool.nl.');
    expect(await count('memberships WHERE user_id = $1', [id])).toBe(1);
  });

  it('a signed download link stops working when the teacher it was handed to is deactivated, and names that teacher', async () => {
    const list = await t.fastify.inject({ method: 'GET', url: '/api/documents', headers: await t.as(COLLEGA) });
    const url = (list.json() as { files: { url: string }[] }[]).flatMap((d) => d.files)[0]!.url;
    expect(url).toMatch(/\?u=\d+&exp=\d+&sig=/);
    expect((await t.fastify.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Another teacher's id with this signature: refused.
    expect((await t.fastify.inject({ method: 'GET', url: url.replace(/u=\d+/, 'u=1') })).statusCode).toBe(403);
    const [{ id }] = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [COLLEGA])) as [{ id: number }];
    await t.db.query(`UPDATE memberships SET active = false WHERE user_id = $1 AND organisation_id = 1`, [id]);
    try {
      const res = await t.fastify.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/downloadlink/);
    } finally {
      await t.db.query(`UPDATE memberships SET active = true WHERE user_id = $1 AND organisation_id = 1`, [id]);
    }
  });

  it('students post check requests, quiz results and portfolio work only for lessons of their class modules', async () => {
    const [{ id: studentId }] = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [LEERLING])) as [{ id: number }];
    const [outside] = await t.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l WHERE l.chapter_id NOT IN (
         SELECT cc.chapter_id FROM classroom_chapters cc JOIN classroom_students cs ON cs.classroom_id = cc.classroom_id WHERE cs.user_id = $1)
        ORDER BY l.id LIMIT 1`,
      [studentId],
    );
    const [inside] = await t.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN classroom_chapters cc ON cc.chapter_id = l.chapter_id JOIN classroom_students cs ON cs.classroom_id = cc.classroom_id
        WHERE cs.user_id = $1 ORDER BY l.id LIMIT 1`,
      [studentId],
    );
    expect(outside && inside).toBeTruthy();
    const headers = await t.as(LEERLING);
    const before = [await count('check_requests'), await count('quiz_results'), await count('portfolio_items')];
    const posts = [
      ['student/checkRequests', { lessonId: outside!.id }],
      ['student/quizResults', { lessonId: outside!.id, title: 'Toets', good: 1, total: 2 }],
      [
        'student/portfolioItems',
        { lessonId: outside!.id, submit: false, blocks: [{ key: 'b1', type: 'REFLECTION', items: [{ indexNumber: 1, value: 'x' }] }] },
      ],
    ] as const;
    for (const [url, payload] of posts) {
      const res = await t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().error.message).toBe(NOT_YOUR_LESSON);
    }
    expect([await count('check_requests'), await count('quiz_results'), await count('portfolio_items')]).toEqual(before);
    const ok = await t.fastify.inject({ method: 'POST', url: '/api/student/checkRequests', headers, payload: { lessonId: inside!.id } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('invitation tokens, download signatures and token links are blanked in logged URLs', () => {
    expect(redactUrl('/api/invitations/AbCdEf0123456789abcdef0123456789')).toBe('/api/invitations/[redacted]');
    expect(redactUrl('/api/files/demo-doc-1?u=2&exp=1700000000&sig=abcDEF_-123')).toBe(
      '/api/files/demo-doc-1?u=2&exp=1700000000&sig=[redacted]',
    );
    expect(redactUrl('/wachtwoord-instellen?token=geheim123&x=1')).toBe('/wachtwoord-instellen?token=[redacted]&x=1');
    expect(redactUrl('/api/users/refreshToken/abc')).toBe('/api/users/refreshToken/[redacted]');
  });
});

describe('finding 8: HTTPS', () => {
  it('over HTTPS (PUBLIC_URL https) the XSRF cookie is Secure and HSTS is sent; over plain http neither', async () => {
    const https = await createTestApp({ publicUrl: 'https://portaal.example' });
    try {
      const res = await https.fastify.inject({ method: 'GET', url: '/api/config' });
      expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/i);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
    const plain = await t.fastify.inject({ method: 'GET', url: '/api/config' });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy that says https (TRUST_PROXY=true, X-Forwarded-Proto)', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.fastify.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/i);
      const direct = await proxied.fastify.inject({ method: 'GET', url: '/api/config' });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('a sign-in answer sets the device cookie Secure over HTTPS', async () => {
    const https = await createTestApp({ publicUrl: 'https://portaal.example' });
    try {
      const res = await https.fastify.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: DOCENT,
          password: Buffer.from('Welkom123').toString('base64'),
          encoding: 'base64',
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/device=[^;]+;.*Secure/i);
    } finally {
      await https.close();
    }
  });
});
