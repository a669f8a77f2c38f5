/** Every portal route: no token → 401, a student → 403, another school's id → 404, XSRF honoured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/api/catalogue';
import { buildPath } from '../../src/api/endpoint';
import { COLLEGA, createTestApp, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const portal = catalogue.filter((e) => e.def.access === 'portal');

function sampleUrl(path: string): string {
  const params: Record<string, string> = {};
  for (const m of path.matchAll(/\{(\w+)\}/g)) params[m[1]!] = m[1] === 'level' || m[1] === 'action' ? 'x' : '1';
  return '/api/' + buildPath(path, params);
}

describe('every portal route', () => {
  it.each(portal.map((e) => [e.id, e.def] as const))('%s refuses a caller without a token (401)', async (_id, def) => {
    const res = await t.fastify.inject({ method: def.method, url: sampleUrl(def.path) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBeTruthy();
  });

  it.each(portal.map((e) => [e.id, e.def] as const))('%s refuses a student (403)', async (_id, def) => {
    const res = await t.fastify.inject({ method: def.method, url: sampleUrl(def.path), headers: await t.as(LEERLING) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Leerlingen hebben geen toegang tot de Docentenomgeving.');
  });

  it('refuses a token signed with another key', async () => {
    const other = await createTestApp({ jwtSecret: 'another-secret-of-sufficient-length-987654321' });
    try {
      const foreign = await other.as(COLLEGA);
      const res = await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers: foreign });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('school isolation', () => {
  it('a teacher of one school cannot switch to a school she does not belong to (404)', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/users/setCurrentOrganisationId/2', headers: await t.as(COLLEGA) });
    expect(res.statusCode).toBe(404);
  });

  it("a teacher cannot make another school's class her current class (404)", async () => {
    const [other] = await t.db.query<{ id: number }>(`SELECT id FROM classrooms WHERE organisation_id = 2 LIMIT 1`);
    const res = await t.fastify.inject({
      method: 'GET',
      url: `/api/users/setCurrentClassroomId/${other!.id}`,
      headers: await t.as(COLLEGA),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('XSRF', () => {
  it('refuses a non-GET call that carries the cookie but not the header', async () => {
    const headers = { ...(await t.as(COLLEGA)), cookie: 'XSRF-TOKEN=abc123' };
    const refused = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveExtendInfo',
      headers,
      payload: { extendIntention: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/XSRF/);
    const ok = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveExtendInfo',
      headers: { ...headers, 'x-xsrf-token': 'abc123' },
      payload: { extendIntention: false },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a JSON answer with a policy that allows nothing, and nosniff', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
