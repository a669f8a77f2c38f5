/**
 * What several API processes on one database share instead of keeping per process (issue 21):
 * migrations applied once when processes start together, a job run claimed by one process, file
 * bytes in PostgreSQL, and the health check a load balancer reads. The HAProxy suite
 * (tests/multi) drives the same through two real processes.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/database';
import { migrate, migrationFiles } from '../../server/db/migrate';
import { CHUNK_BYTES, PgBlobStore } from '../../server/files/pg-store';
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

describe('file bytes in PostgreSQL (blob_chunks)', () => {
  const store = () => new PgBlobStore(t.db);
  const read = async (key: string) => {
    const stream = await store().get(key);
    if (!stream) return null;
    const parts: Buffer[] = [];
    for await (const p of stream) parts.push(p as Buffer);
    return Buffer.concat(parts);
  };

  it('gives back exactly the bytes of a file larger than a chunk, from a stream', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 1234);
    await store().put('test/big.bin', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    expect((await read('test/big.bin'))?.equals(bytes)).toBe(true);
    const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blob_chunks WHERE key = 'test/big.bin'`);
    expect(row?.n).toBe(3);
  });

  it('keeps an empty file, replaces a longer value without leaving its tail, and deletes', async () => {
    await store().put('test/empty.txt', new Uint8Array());
    expect(await store().has('test/empty.txt')).toBe(true);
    expect((await read('test/empty.txt'))?.length).toBe(0);

    await store().put('test/replaced.bin', randomBytes(CHUNK_BYTES + 10));
    await store().put('test/replaced.bin', Buffer.from('kort'));
    expect(await text((await store().get('test/replaced.bin'))!)).toBe('kort');

    await store().delete('test/replaced.bin');
    expect(await store().get('test/replaced.bin')).toBeNull();
    await store().delete('test/replaced.bin');
  });

  it('lets two processes write the same key at once (the demo files at start)', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 5);
    await Promise.all([store().put('demo/same.pdf', bytes), store().put('demo/same.pdf', bytes)]);
    expect((await read('demo/same.pdf'))?.equals(bytes)).toBe(true);
  });

  it('is what the app uses when FILE_STORE (or DATABASE_URL) says postgres', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).fileStore).toBe('postgres');
    expect(loadConfig({}).fileStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', FILE_STORE: 'disk' }).fileStore).toBe('disk');
  });
});

describe('GET /api/health', () => {
  it('answers 200 when the database holds every migration, 503 when one is missing or the process drains', async () => {
    const db = await cloneTemplate();
    try {
      const { fastify, health } = await buildApp({ db, config: { ...loadConfig({}), staticDir: undefined, jwtSecret: 'test-secret-that-is-long-enough-0123456789' } });
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
