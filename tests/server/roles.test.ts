/** Part 1 §4/§6: only ADMIN reaches the portal; another role learns that and can sign out; STUDENT is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ROLE } from '../../server/http/registry';
import { COLLEGA, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`UPDATE users SET role = 'TEACHER' WHERE email = $1`, [COLLEGA]);
});
afterAll(() => t.close());

describe('a signed-in TEACHER (a role other than ADMIN)', () => {
  it('is refused the portal’s calls with a Dutch reason', async () => {
    const headers = await t.as(COLLEGA);
    for (const url of ['classrooms/school', 'organisations/info', 'organisations/teachers', 'activities/classroom']) {
      const res = await t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(OTHER_ROLE);
    }
  });

  it('may load its own user (to be sent to /notauthorized) and sign out', async () => {
    const { accessToken } = await t.login(COLLEGA);
    const headers = { authorization: `Bearer ${accessToken}` };
    const info = await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ role: 'TEACHER', email: COLLEGA });
    expect((await t.fastify.inject({ method: 'POST', url: '/api/login/logout', headers })).statusCode).toBe(200);
  });
});
