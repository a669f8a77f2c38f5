/**
 * PostgreSQL restarted under a running server (CI: a cluster of its own, so no other test file loses
 * its connections). A client that behaves like the outbox — same Idempotency-Key until it gets an
 * answer, wait after a 503 — sees 503s with a Dutch reason, never a 500, and afterwards the server
 * holds every write exactly once. Needs PG_RESTART_URL and PG_RESTART_CMD (see .ci/run).
 */
import { exec } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { COLLEGA, PASSWORD } from '../helpers/test-app';

const url = process.env.PG_RESTART_URL;
const restartCmd = process.env.PG_RESTART_CMD;
const run = promisify(exec);

describe.skipIf(!url || !restartCmd)('PostgreSQL restarted mid-run (PG_RESTART_URL and PG_RESTART_CMD only)', () => {
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['fastify'];
  const database = `restart_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const target = new URL(url!);
    target.pathname = `/${database}`;
    db = openPostgres(target.toString());
    await migrate(db);
    await seedDemo(db);
    ({ fastify: app } = await buildApp({
      db,
      config: { ...loadConfig({}), staticDir: undefined, jwtSecret: 'restart-secret-that-is-long-enough-0123' },
    }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('answers 503 (never 500) while the database restarts, and every retried write lands exactly once', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: COLLEGA, password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' }).toString(),
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
    const titles = Array.from({ length: 40 }, (_x, i) => `Herstart ${database} ${i}`);
    const codes: number[] = [];
    let restart: Promise<unknown> | undefined;

    for (const [i, title] of titles.entries()) {
      if (i === 10) restart = run(restartCmd!);
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/wishlistItems/save',
          headers: { ...headers, 'idempotency-key': key },
          payload: { id: 0, title, description: 'Tijdens een herstart van de database.' },
        });
        codes.push(res.statusCode);
        expect(res.statusCode, res.body).not.toBe(500);
        if (res.statusCode === 200) break;
        expect(res.statusCode).toBe(503);
        expect((res.json() as { error: { message: string } }).error.message).toMatch(/niet bereikbaar|opnieuw/);
        expect(attempt, 'still unavailable after 60 s').toBeLessThan(300);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await restart;

    const rows = await db.query<{ title: string; n: number }>(
      `SELECT title, count(*)::int AS n FROM wishlist_items WHERE title = ANY($1::text[]) GROUP BY title`,
      [titles],
    );
    expect(rows.length).toBe(titles.length);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    // The restart was felt (otherwise this test proved nothing about it).
    expect(codes.filter((c) => c === 503).length).toBeGreaterThan(0);
  }, 120_000);
});
