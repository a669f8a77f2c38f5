/**
 * School isolation and access, generated from the catalogue: every route whose path names a record
 * is called by a teacher of school 1 with the id of a school-2 record (404/403, nothing leaks,
 * nothing changes); every non-public route refuses missing, expired and forged tokens (401); every
 * portal route refuses a student with an otherwise valid request (403, nothing changes).
 * tests/server/security.test.ts keeps the simple 401/403 sweep with dummy ids.
 */
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/api/catalogue';
import {
  ID_KIND,
  idRoutes,
  multipartBody,
  NOT_ID_PARAMS,
  ID_PARAMS,
  otherSchoolState,
  pathParams,
  seedOtherSchool,
  tableCounts,
  tinyPng,
  urlFor,
  type OtherSchool,
} from '../helpers/catalogue-samples';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let other: OtherSchool;
beforeAll(async () => {
  t = await createTestApp();
  other = await seedOtherSchool(t.db);
});
afterAll(() => t.close());

type Inject = InjectOptions;

function leaks(body: string): string[] {
  return other.secrets.filter((s) => body.includes(s));
}

describe('the generated list of id routes', () => {
  it('covers every path parameter of the catalogue', () => {
    const known = [...ID_PARAMS, ...NOT_ID_PARAMS] as readonly string[];
    const unknown = catalogue.flatMap((e) =>
      pathParams(e.def.path)
        .filter((p) => !known.includes(p))
        .map((p) => `${e.id}:${p}`),
    );
    // A new kind of path parameter must be classified in tests/helpers/catalogue-samples.ts.
    expect(unknown).toEqual([]);
  });

  it('knows what record every id-like parameter names', () => {
    const routes = idRoutes();
    expect(routes.filter((r) => !(r.key in ID_KIND)).map((r) => r.key)).toEqual([]);
    // And no stale entries for routes that are gone.
    expect(Object.keys(ID_KIND).filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });
});

describe("a school-1 caller with a school-2 record's id", () => {
  const cases = idRoutes().filter((r) => ID_KIND[r.key] !== 'method');

  it.each(cases.map((c) => [c.key, c] as const))('%s → 404 or 403 without school-2 data', async (_key, { entry, param }) => {
    const kind = ID_KIND[`${entry.id}:${param}`] as Exclude<keyof OtherSchool, 'secrets'>;
    const before = await otherSchoolState(t.db);
    const caller = entry.def.access === 'student' ? LEERLING : COLLEGA;
    const req: Inject = {
      method: entry.def.method,
      url: urlFor(entry.def, { [param]: other[kind] as string | number }),
      headers: await t.as(caller),
    };
    if (entry.def.body === 'multipart') {
      // A png passes every upload allow-list (documents and portfolio images), so only the id decides.
      const body = await multipartBody([{ name: 'poging.png', bytes: tinyPng() }]);
      req.headers = { ...req.headers, 'content-type': body.contentType };
      req.payload = body.payload;
    }
    const res = await t.fastify.inject(req);
    expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(res.json().error.message).toBeTruthy();
    expect(leaks(res.body)).toEqual([]);
    expect(await otherSchoolState(t.db)).toBe(before);
  });

  // Ids in bodies: the same rule for the writes that carry the record in their JSON.
  const bodyCases: [string, string, (o: OtherSchool) => object][] = [
    ['classrooms.save', 'classrooms/save', (o) => ({ id: o.classroom, name: 'Overgenomen', defaultStudyLevel: 'basis', chapters: [] })],
    [
      'classrooms.massMove (students)',
      'students/bulk/massMove',
      (o) => ({ users: [o.student], targetClassroomId: 1, currentClassroomId: o.classroom }),
    ],
    [
      'classrooms.massMove (target)',
      'students/bulk/massMove',
      () => ({ users: [], targetClassroomId: other.classroom, currentClassroomId: 1 }),
    ],
    ['classrooms.massDelete', 'students/bulk/massDelete', (o) => ({ users: [o.student] })],
    ['documents.save', 'documents/save', (o) => ({ id: o.document, title: 'Overgenomen' })],
    [
      'portfolios.saveFeedback',
      'portfolioItems/saveFeedback',
      (o) => ({ portfolioItemId: o.portfolioItem, key: 'blok-1', message: 'Overgenomen' }),
    ],
    [
      'portfolios.saveFeedbackStatus',
      'portfolioItems/saveFeedbackStatus',
      (o) => ({ portfolioItemId: o.portfolioItem, key: 'blok-1', status: 'WRONG' }),
    ],
    ['students.save', 'users/save', (o) => ({ id: o.student, email: 'overgenomen@demoschool.nl', name: 'Overgenomen' })],
    ['students.save (class)', 'users/save', (o) => ({ id: 5, email: 'x5@demoschool.nl', classrooms: [o.classroom] })],
    ['wishlist.save', 'wishlistItems/save', (o) => ({ id: o.wishlistItem, title: 'Overgenomen', description: 'x' })],
    ['wishlist.saveComment', 'wishlistComments/save', (o) => ({ wishlistItemId: o.wishlistItem, comment: 'Overgenomen' })],
  ];

  it.each(bodyCases)('%s with a school-2 id in the body changes nothing of school 2', async (_name, url, body) => {
    const before = await otherSchoolState(t.db);
    const res = await t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(COLLEGA), payload: body(other) });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json().error.message).toBeTruthy();
    expect(leaks(res.body)).toEqual([]);
    expect(await otherSchoolState(t.db)).toBe(before);
  });

  it('lists and searches of school 1 show nothing of school 2', async () => {
    const lists = catalogue.filter(
      (e) => e.def.access === 'portal' && e.def.method === 'GET' && e.def.kind === 'read' && pathParams(e.def.path).length === 0,
    );
    expect(lists.length).toBeGreaterThan(8);
    for (const e of lists) {
      const res = await t.fastify.inject({ method: 'GET', url: urlFor(e.def), headers: await t.as(COLLEGA) });
      expect(res.statusCode, `${e.id}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(leaks(res.body), e.id).toEqual([]);
    }
    for (const url of ['portfolioItems/list', 'portfolioItems/filters']) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: await t.as(COLLEGA),
        payload: { search: MARKER_SEARCH, classrooms: [other.classroom] },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(leaks(res.body), url).toEqual([]);
    }
  });

  it('a download of a school-2 file with a school-1 token is 404', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: `/api/files/${other.documentFile}`, headers: await t.as(COLLEGA) });
    expect(res.statusCode).toBe(404);
    expect(leaks(res.body)).toEqual([]);
  });

  it('the teacher of both schools sees school 2 only after switching (sanity check of the fixtures)', async () => {
    const headers = await t.as(DOCENT);
    // Student details, not the wishlist: school 2 has no licences, so its wishlist answers 403 (issue 16).
    expect((await t.fastify.inject({ method: 'GET', url: `/api/users/details/${other.student}`, headers })).statusCode).toBe(404);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/users/setCurrentOrganisationId/2', headers })).statusCode).toBe(200);
    try {
      const seen = await t.fastify.inject({ method: 'GET', url: `/api/users/details/${other.student}`, headers });
      expect(seen.statusCode).toBe(200);
    } finally {
      await t.fastify.inject({ method: 'GET', url: '/api/users/setCurrentOrganisationId/1', headers });
    }
  });
});

const MARKER_SEARCH = 'GEHEIM';

const nonPublic = catalogue.filter((e) => e.def.access !== 'public');

async function sweep(app: TestApp, headers: Record<string, string>, label: string) {
  const wrong: string[] = [];
  for (const e of nonPublic) {
    const res = await app.fastify.inject({ method: e.def.method, url: urlFor(e.def), headers });
    if (res.statusCode !== 401 || !res.json().error?.message) wrong.push(`${e.id} (${label}): ${res.statusCode}`);
  }
  expect(wrong).toEqual([]);
}

describe('every non-public route refuses a caller without a valid token (401)', () => {
  it('no token, an empty bearer, a malformed token', async () => {
    await sweep(t, {}, 'none');
    await sweep(t, { authorization: 'Bearer ' }, 'empty');
    await sweep(t, { authorization: 'Bearer abc.def.ghi' }, 'garbage');
    await sweep(t, { authorization: 'Basic ' + Buffer.from(`${COLLEGA}:Welkom123`).toString('base64') }, 'basic');
  });

  it('a token signed with another key, and an unsigned one (alg none)', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('2')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-987654321'));
    await sweep(t, { authorization: `Bearer ${forged}` }, 'other key');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '2', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    await sweep(t, { authorization: `Bearer ${none}` }, 'alg none');
  });

  it('a token that names another user than it was signed for', async () => {
    const real = (await t.login(COLLEGA)).accessToken;
    const [h, , s] = real.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    await sweep(t, { authorization: `Bearer ${h}.${payload}.${s}` }, 'tampered');
  });

  it('an expired token', async () => {
    let ahead = 0;
    const short = await createTestApp({}, () => new Date(Date.now() + ahead));
    try {
      const { accessToken } = await short.login(COLLEGA);
      expect(
        (await short.fastify.inject({ method: 'GET', url: '/api/users/info', headers: { authorization: `Bearer ${accessToken}` } }))
          .statusCode,
      ).toBe(200);
      ahead += short.context.tokens.accessTokenTtl * 1000;
      await sweep(short, { authorization: `Bearer ${accessToken}` }, 'expired');
    } finally {
      await short.close();
    }
  });
});

describe('roles', () => {
  it('every portal route refuses a student even with a well-formed request, and nothing changes', async () => {
    const before = await tableCounts(t.db);
    const headers = await t.as(LEERLING);
    const wrong: string[] = [];
    for (const e of catalogue.filter((c) => c.def.access === 'portal')) {
      const res = await t.fastify.inject({
        method: e.def.method,
        url: urlFor(e.def, { id: 1, userId: 3 }),
        headers,
        payload:
          e.def.body === 'json'
            ? { id: 0, users: [], title: 'x', name: 'x', chapters: [], defaultStudyLevel: 'basis', extendIntention: false }
            : undefined,
      });
      if (res.statusCode !== 403) wrong.push(`${e.id}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const after = await tableCounts(t.db);
    delete before.refresh_tokens;
    delete after.refresh_tokens;
    expect(after).toEqual(before);
  });

  it("every students' app route refuses a teacher (403)", async () => {
    const headers = await t.as(COLLEGA);
    const studentRoutes = catalogue.filter((c) => c.def.access === 'student');
    for (const e of studentRoutes) {
      const res = await t.fastify.inject({
        method: e.def.method,
        url: urlFor(e.def),
        headers,
        payload: e.def.body === 'json' ? { lessonId: 1 } : undefined,
      });
      expect(res.statusCode, e.id).toBe(403);
    }
  });

  it('a teacher who was deactivated loses access at once, with a token that has not expired', async () => {
    const [teacher] = await t.db.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'ADMIN' AND u.id > 3 ORDER BY u.id LIMIT 1`,
    );
    await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
      COLLEGA,
      teacher!.email,
    ]);
    const headers = await t.as(teacher!.email);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(200);
    await t.db.query(`UPDATE memberships SET active = false WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [teacher!.email]);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(401);
  });
});
