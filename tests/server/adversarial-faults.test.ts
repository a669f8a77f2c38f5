/**
 * Faults: the database going away (PostgreSQL connections killed, PGlite closed under the app) and a
 * full disk for uploads. The API answers 503/507 with a Dutch reason and Retry-After, never a 500,
 * recovers by itself where the engine can, and leaves no half-stored upload behind.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { BlobStore } from '../../server/files/blob-store';
import { multipartBody, tableCounts, tinyPdf } from '../helpers/catalogue-samples';
import { cloneTemplate } from '../helpers/template-db';
import { COLLEGA, createTestApp, DOCENT, PASSWORD, type TestApp } from '../helpers/test-app';

const DUTCH_503 = /niet bereikbaar|opnieuw/;

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => { error?: { message?: string } } }) {
  expect([503, 507]).toContain(res.statusCode);
  expect(res.headers['retry-after']).toBeTruthy();
  expect(res.json().error?.message).toMatch(DUTCH_503);
}

describe.skipIf(!!process.env.DATABASE_URL)('PGlite closed under the running app (PGlite only; PostgreSQL is below)', () => {
  it('answers 503 with a Dutch reason and Retry-After on reads, writes and sign-in, never 500', async () => {
    const t = await createTestApp();
    const headers = await t.as(COLLEGA);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(200);
    await t.db.close();
    try {
      const calls = [
        { method: 'GET' as const, url: '/api/users/info', headers },
        { method: 'GET' as const, url: '/api/wishlistItems', headers },
        { method: 'POST' as const, url: '/api/wishlistItems/save', headers, payload: { id: 0, title: 'x', description: 'y' } },
        {
          method: 'POST' as const,
          url: '/api/organisations/saveExtendInfo',
          headers: { ...headers, 'idempotency-key': 'fault-key-0001' },
          payload: { extendIntention: false },
        },
        {
          method: 'POST' as const,
          url: '/api/users/authenticate',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `email=${encodeURIComponent(DOCENT)}&password=${Buffer.from(PASSWORD).toString('base64')}&encoding=base64`,
        },
        { method: 'GET' as const, url: '/api/config' },
      ];
      for (const call of calls) {
        const res = await t.fastify.inject(call);
        expect(res.statusCode, `${call.url}: ${res.body}`).not.toBe(500);
        expectUnavailable(res);
      }
    } finally {
      await t.fastify.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections terminated mid-run (DATABASE_URL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function terminate(): Promise<number> {
    const [{ name }] = (await t.db.query<{ name: string }>(`SELECT current_database() AS name`)) as [{ name: string }];
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  it('answers 503 or succeeds after reconnecting, never 500, and a committed change survives', async () => {
    const headers = await t.as(COLLEGA);
    const saved = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/saveExtendInfo',
      headers,
      payload: { extendIntention: true, extendContactEmail: 'contact@hetbaken.nl' },
    });
    expect(saved.statusCode).toBe(200);
    // Open several pooled connections, so there is something to kill.
    await Promise.all(Array.from({ length: 5 }, () => t.fastify.inject({ method: 'GET', url: '/api/wishlistItems', headers })));
    expect(await terminate()).toBeGreaterThan(0);

    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.fastify.inject({ method: 'GET', url: '/api/organisations/extendInfo', headers });
      codes.push(res.statusCode);
      expect(res.statusCode, res.body).not.toBe(500);
      if (res.statusCode === 503) expectUnavailable(res);
      else {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ extendIntention: true, extendContactEmail: 'contact@hetbaken.nl' });
      }
    }
    expect(codes.at(-1)).toBe(200);
  });

  it('recovers when connections are killed while requests are in flight', async () => {
    const headers = await t.as(COLLEGA);
    const inFlight = Array.from({ length: 8 }, (_x, i) =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/wishlistItems/save',
        headers,
        payload: { id: 0, title: `Tijdens storing ${i}`, description: 'x' },
      }),
    );
    await terminate();
    const answers = await Promise.all(inFlight);
    for (const res of answers) {
      expect(res.statusCode, res.body).not.toBe(500);
      if (res.statusCode !== 200) expectUnavailable(res);
    }
    const stored = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wishlist_items WHERE title LIKE 'Tijdens storing %'`);
    // Exactly the answered writes were committed: a 503 left nothing behind.
    expect(stored[0]!.n).toBe(answers.filter((r) => r.statusCode === 200).length);
    const after = await t.fastify.inject({ method: 'GET', url: '/api/wishlistItems', headers });
    expect(after.statusCode).toBe(200);
  });
});

describe('a full disk for uploads', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Awaited<ReturnType<typeof cloneTemplate>>;
  const full: BlobStore = {
    put: async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    },
    get: async (): Promise<Readable | null> => null,
    has: async () => false,
    delete: async () => undefined,
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'adv-faults-'));
    db = await cloneTemplate();
    const config = { ...loadConfig({}), staticDir: undefined, dataDir: dir, jwtSecret: 'test-secret-that-is-long-enough-0123456789' };
    app = await buildApp({ db, config, files: full });
  });
  afterAll(async () => {
    await app.fastify.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503/507 with a Dutch reason and leaves no document or file row behind', async () => {
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(DOCENT)}&password=${Buffer.from(PASSWORD).toString('base64')}&encoding=base64`,
    });
    const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
    const before = await tableCounts(db);
    const body = await multipartBody([{ name: 'werkblad.pdf', bytes: tinyPdf() }], { token: 'vol-token-1' });
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/documents/add',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).not.toBe(500);
    expect([503, 507]).toContain(res.statusCode);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(res.json().error.message).toMatch(/opslag|ruimte|vol|opnieuw/i);
    // rate_limits holds the upload counter (issue 29.3), which the first upload creates: not data.
    expect({ ...(await tableCounts(db)), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });

    const [doc] = await db.query<{ id: number }>(`SELECT id FROM documents WHERE organisation_id = 1 AND owner_id = 1 ORDER BY id LIMIT 1`);
    const more = await multipartBody([{ name: 'extra.pdf', bytes: tinyPdf() }]);
    const added = await app.fastify.inject({
      method: 'POST',
      url: `/api/documents/addFile/${doc!.id}`,
      headers: { ...headers, 'content-type': more.contentType },
      payload: more.payload,
    });
    expect([503, 507]).toContain(added.statusCode);
    expect({ ...(await tableCounts(db)), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
  });
});
