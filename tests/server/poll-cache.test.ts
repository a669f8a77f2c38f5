/**
 * The poll answered from memory (server/areas/dashboard/poll-cache.ts, migration 012): an unchanged poll needs
 * no database round trip, and what another process changes (a new activity, an ended membership)
 * reaches this one through NOTIFY. While the listening connection is down, polls read the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openPostgres, type Database } from '../../server/db/database';
import { cloneTemplate } from '../helpers/template-db';
import { COLLEGA, DOCENT, PASSWORD } from '../helpers/test-app';

const config = (over: Partial<ServerConfig> = {}): ServerConfig => ({
  ...loadConfig({}),
  staticDir: undefined,
  jwtSecret: 'test-secret-that-is-long-enough-0123456789',
  ...over,
});

/** The database with every statement counted, as the app would run them. */
function counting(db: Database): { db: Database; count: () => number } {
  let n = 0;
  return {
    db: {
      ...db,
      query: (sql, params) => (n++, db.query(sql, params)),
      prepared: (st, params) => (n++, db.prepared(st, params)),
      transaction: (fn) => (n++, db.transaction(fn)),
    },
    count: () => n,
  };
}

type App = Awaited<ReturnType<typeof buildApp>>['fastify'];

async function signIn(app: App, email: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' }).toString(),
  });
  return { authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}` };
}

/** The session an access token names (its `sid`), as the poll's cache keys it. */
const sessionOf = (headers: Record<string, string>): number =>
  (JSON.parse(Buffer.from(headers.authorization!.split('.')[1]!, 'base64url').toString()) as { sid: number }).sid;

const poll = (app: App, headers: Record<string, string>, etag?: string) =>
  app.inject({ method: 'GET', url: '/api/activities/classroom', headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });

let db: Database;
beforeAll(async () => {
  db = await cloneTemplate();
});
afterAll(() => db.close());

describe('the poll from memory', () => {
  it('answers an unchanged poll 304 without a database round trip (and with one when switched off)', async () => {
    for (const pollFromMemory of [true, false]) {
      const c = counting(db);
      const { fastify } = await buildApp({ db: c.db, config: config({ pollFromMemory }) });
      try {
        const headers = await signIn(fastify, DOCENT);
        const first = await poll(fastify, headers);
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        const before = c.count();
        for (let i = 0; i < 3; i++) expect((await poll(fastify, headers, etag)).statusCode).toBe(304);
        expect(c.count() - before).toBe(pollFromMemory ? 0 : 3);
      } finally {
        await fastify.close();
      }
    }
  });

  it("sees this process's own writes at once: a colleague set inactive is refused on her next poll", async () => {
    const { fastify, context } = await buildApp({ db, config: config() });
    try {
      const headers = await signIn(fastify, COLLEGA);
      const etag = (await poll(fastify, headers)).headers.etag as string;
      expect((await poll(fastify, headers, etag)).statusCode).toBe(304);
      const [me] = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [COLLEGA]);
      expect(context.pollCache?.get(me!.id, sessionOf(headers))).toBeDefined();
      await db.query(`UPDATE memberships SET active = false WHERE user_id = $1`, [me!.id]);
      // Forgotten before the writing statement returned, not whenever the listening connection hears it.
      expect(context.pollCache?.get(me!.id, sessionOf(headers))).toBeUndefined();
      expect((await poll(fastify, headers, etag)).statusCode).toBe(401);
    } finally {
      await db.query(`UPDATE memberships SET active = true WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [COLLEGA]);
      await fastify.close();
    }
  });
});

describe('the poll from memory and logout', () => {
  it("refuses a signed-out teacher's tokens on their next poll, while a colleague still polls from memory", async () => {
    const c = counting(db);
    const { fastify } = await buildApp({ db: c.db, config: config() });
    try {
      const tablet = await signIn(fastify, DOCENT);
      const colleague = await signIn(fastify, COLLEGA);
      const etags = await Promise.all([tablet, colleague].map(async (h) => (await poll(fastify, h)).headers.etag as string));
      expect((await poll(fastify, tablet, etags[0])).statusCode).toBe(304);
      // Logout revokes her refresh tokens (migration 013 tells every process's memory).
      expect((await fastify.inject({ method: 'POST', url: '/api/login/logout', headers: tablet })).statusCode).toBe(200);
      expect((await poll(fastify, tablet, etags[0])).statusCode).toBe(401);
      const before = c.count();
      expect((await poll(fastify, colleague, etags[1])).statusCode).toBe(304);
      expect(c.count() - before).toBe(0);
    } finally {
      await fastify.close();
    }
  });
});

describe('the poll from memory and every way a session ends', () => {
  /** Signs in (tokens kept), polls until the poll is answered from memory, and returns what a revocation test needs. */
  async function polling(app: App, email: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' }).toString(),
    });
    const tokens = res.json() as { accessToken: string; refreshToken: string };
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    const etag = (await poll(app, headers)).headers.etag as string;
    expect((await poll(app, headers, etag)).statusCode).toBe(304);
    const [me] = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]);
    return { ...tokens, headers, etag, id: me!.id };
  }

  // Each revocation is a request through the app, as a teacher's tablet or an admin would make it;
  // the poll right after its answer must be refused, whatever the listening connection has heard.
  it('refuses the poll right after logout, a reused refresh token and a deactivation, each answered by this process', async () => {
    const { fastify, context } = await buildApp({ db, config: config() });
    try {
      const cases: [string, (s: Awaited<ReturnType<typeof polling>>) => Promise<number>][] = [
        ['logout', async (s) => (await fastify.inject({ method: 'POST', url: '/api/login/logout', headers: s.headers })).statusCode],
        [
          'a reused refresh token',
          async (s) => {
            await fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${s.refreshToken}` });
            return (await fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${s.refreshToken}` })).statusCode;
          },
        ],
        [
          'deactivation by a colleague',
          async (s) =>
            (
              await fastify.inject({
                method: 'GET',
                url: `/api/organisations/deactivateTeacher/${s.id}`,
                headers: await signIn(fastify, DOCENT),
              })
            ).statusCode,
        ],
      ];
      for (const [what, revoke] of cases) {
        const s = await polling(fastify, COLLEGA);
        expect(context.pollCache?.get(s.id, sessionOf(s.headers)), what).toBeDefined();
        expect([200, 401], what).toContain(await revoke(s));
        expect(context.pollCache?.get(s.id, sessionOf(s.headers)), what).toBeUndefined();
        expect((await poll(fastify, s.headers, s.etag)).statusCode, what).toBe(401);
        await db.query(`UPDATE memberships SET active = true, inactive_since = NULL WHERE user_id = $1`, [s.id]);
      }
    } finally {
      await fastify.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two processes on one PostgreSQL (DATABASE_URL only)', () => {
  let other: Database;
  beforeAll(async () => {
    const [{ name } = { name: '' }] = await db.query<{ name: string }>(`SELECT current_database() AS name`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    other = openPostgres(url.toString());
  });
  afterAll(() => other.close());

  it("a new activity written by the other process shows in this one's next polls", async () => {
    const a = await buildApp({ db, config: config() });
    try {
      const headers = await signIn(a.fastify, DOCENT);
      const etag = (await poll(a.fastify, headers)).headers.etag as string;
      expect((await poll(a.fastify, headers, etag)).statusCode).toBe(304);
      const [me] = await other.query<{ org: number; room: number }>(
        `SELECT current_organisation_id AS org, current_classroom_id AS room FROM users WHERE email = $1`,
        [DOCENT],
      );
      await other.query(
        `INSERT INTO activities (organisation_id, classroom_id, user_id, type) SELECT $1, $2, id, 'LOGIN' FROM users WHERE role = 'STUDENT' LIMIT 1`,
        [me!.org, me!.room],
      );
      await expect.poll(async () => (await poll(a.fastify, headers, etag)).statusCode, { timeout: 3000, interval: 20 }).toBe(200);
    } finally {
      await a.fastify.close();
    }
  });

  it('reads the database while its listening connection is down, and memory again once it is back', async () => {
    const c = counting(db);
    const { fastify } = await buildApp({ db: c.db, config: config() });
    try {
      const headers = await signIn(fastify, COLLEGA);
      const etag = (await poll(fastify, headers)).headers.etag as string;
      expect((await poll(fastify, headers, etag)).statusCode).toBe(304);
      await other.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'listen_poll_cache' AND datname = current_database()`,
      );
      // Once the process knows, polls go to the database (and what they read is not kept)...
      await expect
        .poll(
          async () => {
            const before = c.count();
            await poll(fastify, headers, etag);
            return c.count() - before;
          },
          { timeout: 900, interval: 10 },
        )
        .toBeGreaterThan(0);
      await poll(fastify, headers, etag);
      // ...so a change made elsewhere meanwhile, which no notification reports, is not missed.
      await other.query(`UPDATE memberships SET active = false WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [COLLEGA]);
      expect((await poll(fastify, headers, etag)).statusCode).toBe(401);
      await other.query(`UPDATE memberships SET active = true WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [COLLEGA]);
      // Listening again (after about a second): memory answers again.
      await expect
        .poll(
          async () => {
            const before = c.count();
            const status = (await poll(fastify, headers, etag)).statusCode;
            return `${status} ${c.count() - before}`;
          },
          { timeout: 5000, interval: 100 },
        )
        .toBe('304 0');
    } finally {
      await fastify.close();
    }
  });
});
