import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('config', () => {
  it('answers the configuration with the demo flag and sets the XSRF cookie', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const config = res.json();
    expect(config.demo).toBe(true);
    expect(config.study_levels).toMatchObject({ basis: 'Basis', 'gl-tl': 'GL en TL' });
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });
});

describe('users/authenticate', () => {
  it('signs in with a base64 password and the encoding flag', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      ...form({ email: DOCENT, password: b64('Welkom123'), encoding: 'base64' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  });

  it('accepts an e-mail address with spaces and capitals', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      ...form({ email: ' Collega@DemoSchool.nl ', password: b64('Welkom123'), encoding: 'base64' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with the Dutch message of part 1 §8', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      ...form({ email: DOCENT, password: b64('fout'), encoding: 'base64' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Inloggegevens zijn niet juist');
  });

  it('refuses an unknown account the same way, so accounts cannot be discovered', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      ...form({ email: 'niemand@demoschool.nl', password: b64('Welkom123'), encoding: 'base64' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Inloggegevens zijn niet juist');
  });

  it('answers 400 with a reason when a field is missing', async () => {
    const res = await t.fastify.inject({ method: 'POST', url: '/api/users/authenticate', ...form({ email: DOCENT }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/password/);
  });

  it('blocks an account after repeated failures, even with the right password', async () => {
    const own = await createTestApp();
    try {
      for (let i = 0; i < 10; i++) {
        await own.fastify.inject({
          method: 'POST',
          url: '/api/users/authenticate',
          ...form({ email: COLLEGA, password: b64('fout' + i), encoding: 'base64' }),
          remoteAddress: `10.0.0.${i}`,
        });
      }
      const res = await own.fastify.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        ...form({ email: COLLEGA, password: b64('Welkom123'), encoding: 'base64' }),
        remoteAddress: '10.0.1.1',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/Te veel inlogpogingen/);
    } finally {
      await own.close();
    }
  });
});

describe('users/info and organisations', () => {
  it('describes the signed-in teacher and the current school', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers: await t.as(DOCENT) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DOCENT, role: 'ADMIN', organisationName: 'Het Baken' });
  });

  it('lists both schools of a teacher who belongs to two', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/organisations', headers: await t.as(DOCENT) });
    const names = res.json().map((o: { name: string }) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Het Baken', 'Scholengemeenschap De Linde']));
  });

  it('gives the counts of the current school', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/organisations/info', headers: await t.as(DOCENT) });
    const org = res.json();
    expect(org).toMatchObject({ name: 'Het Baken', active: 1 });
    expect(org.classroomCount).toBeGreaterThanOrEqual(10);
    expect(org.studentCount).toBeGreaterThanOrEqual(250);
    expect(org.teacherCount).toBeGreaterThanOrEqual(3);
  });

  it('switches school and then answers for the other school', async () => {
    const own = await createTestApp();
    try {
      const headers = await own.as(DOCENT);
      const switched = await own.fastify.inject({ method: 'GET', url: '/api/users/setCurrentOrganisationId/2', headers });
      expect(switched.statusCode).toBe(200);
      const info = await own.fastify.inject({ method: 'GET', url: '/api/organisations/info', headers });
      expect(info.json()).toMatchObject({ name: 'Scholengemeenschap De Linde', active: 0 });
    } finally {
      await own.close();
    }
  });

  it('shows one overused licence row of the demo school', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/organisations/licenses', headers: await t.as(DOCENT) });
    const rows = res.json() as { overuse: boolean; licenseCount: number; usedLicenseCount: number }[];
    expect(rows.length).toBeGreaterThan(1);
    const over = rows.filter((r) => r.overuse);
    expect(over).toHaveLength(1);
    expect(over[0]!.usedLicenseCount).toBeGreaterThan(over[0]!.licenseCount);
  });

  it('changes the study level, with plus signs for spaces', async () => {
    const headers = await t.as(COLLEGA);
    const res = await t.fastify.inject({ method: 'GET', url: '/api/users/changeStudyLevel/GL+en+TL', headers });
    expect(res.statusCode).toBe(200);
    const info = await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers });
    expect(info.json().studyLevel).toBe('gl-tl');
    const bad = await t.fastify.inject({ method: 'GET', url: '/api/users/changeStudyLevel/Atheneum', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Onbekend niveau/);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    const first = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${refreshToken}` });
    expect(first.statusCode).toBe(200);
    const next = first.json() as { accessToken: string; refreshToken: string };
    const info = await t.fastify.inject({
      method: 'GET',
      url: '/api/users/info',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(info.statusCode).toBe(200);
    expect(next.refreshToken).not.toBe(refreshToken);
  });

  it('revokes the whole family when a spent token is used again', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    const first = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${refreshToken}` });
    const rotated = first.json().refreshToken as string;
    const reuse = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${refreshToken}` });
    expect(reuse.statusCode).toBe(401);
    // The legitimate newer token is revoked too: whoever holds a copy is locked out.
    const after = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${rotated}` });
    expect(after.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const { accessToken, refreshToken } = await t.login(COLLEGA);
    const out = await t.fastify.inject({ method: 'POST', url: '/api/login/logout', headers: { authorization: `Bearer ${accessToken}` } });
    expect(out.statusCode).toBe(200);
    const res = await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${refreshToken}` });
    expect(res.statusCode).toBe(401);
  });

  it('an expired access token is refused with 401', async () => {
    let ahead = 0;
    const short = await createTestApp({}, () => new Date(Date.now() + ahead));
    try {
      const headers = await short.as(COLLEGA);
      ahead += short.context.tokens.accessTokenTtl * 1000;
      const res = await short.fastify.inject({ method: 'GET', url: '/api/users/info', headers });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('error reports', () => {
  it('stores a report sent form-encoded', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/application/Jobs/Report.php',
      ...form({ url: 'http://x/config', status: '500', message: 'config faalde' }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.query<{ message: string; status: number }>(
      `SELECT message, status FROM error_reports ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ message: 'config faalde', status: 500 });
  });
});

describe('extend info', () => {
  it('saves the intention with a contact address and refuses a bad address', async () => {
    const headers = await t.as(DOCENT);
    const bad = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveExtendInfo',
      headers,
      payload: { extendIntention: true, extendContactEmail: 'geen-adres' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors.extendContactEmail).toBeTruthy();
    const ok = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveExtendInfo',
      headers,
      payload: { extendIntention: true, extendContactEmail: 'conciërge@hetbaken.nl' },
    });
    expect(ok.statusCode).toBe(200);
    const read = await t.fastify.inject({ method: 'GET', url: '/api/organisations/extendInfo', headers });
    expect(read.json()).toEqual({ extendIntention: true, extendContactEmail: 'conciërge@hetbaken.nl' });
  });
});
