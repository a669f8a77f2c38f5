/**
 * What several API processes on one database share instead of keeping per process (issue 21):
 * migrations applied once when processes start together, a job run claimed by one process, and the
 * health check a load balancer reads (file bytes in PostgreSQL or S3: blob-stores.test.ts). The HAProxy suite
 * (tests/multi) drives the same through two real processes.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/database';
import { migrate, migrationFiles } from '../../server/db/migrate';
import { claimRun } from '../../server/jobs/claim';
import { cloneTemplate } from '../helpers/template-db';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

describe('a job run is claimed by one process', () => {
  it('gives a run to exactly one of several claims at once, and the next only after the period', async () => {
    const at = new Date('2026-11-24T08:00:00Z');
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimRun(t.db, 'test-job', 6 * HOUR, at)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(t.db, 'test-job', 6 * HOUR, new Date(at.getTime() + 5 * HOUR))).toBe(false);
    expect(await claimRun(t.db, 'test-job', 6 * HOUR, new Date(at.getTime() + 6 * HOUR))).toBe(true);
    const [row] = await t.db.query<{ runs: number }>(`SELECT runs FROM job_runs WHERE name = 'test-job'`);
    expect(row?.runs).toBe(2);
  });
});

describe('GET /api/health', () => {
  it('answers 200 when the database holds every migration, 503 when one is missing or the process drains', async () => {
    const db = await cloneTemplate();
    try {
      const { fastify, health } = await buildApp({
        db,
        config: { ...loadConfig({}), staticDir: undefined, jwtSecret: 'test-secret-that-is-long-enough-0123456789' },
      });
      const ok = await fastify.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'ok' });

      const last = (await migrationFiles()).at(-1)!;
      await db.query(`DELETE FROM schema_migrations WHERE name = $1`, [last]);
      const pending = await fastify.inject({ method: 'GET', url: '/api/health' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ pending: [last] });
      await db.query(`INSERT INTO schema_migrations (name) VALUES ($1)`, [last]);

      health.drain();
      expect((await fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      await fastify.close();
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('migrations when processes start together (DATABASE_URL only)', () => {
  it('applies each migration once when four processes migrate one fresh database at the same moment', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `docent_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    // Four pools, as four processes would have.
    const dbs = [1, 2, 3, 4].map(() => openPostgres(url.toString()));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const files = await migrationFiles();
      expect(applied.flat().sort()).toEqual(files);
      const rows = await dbs[0]!.query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(files);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
