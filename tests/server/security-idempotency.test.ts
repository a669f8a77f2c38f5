/**
 * Issue 29, findings 4, 8 and 9: stored Idempotency-Key answers expire, are pruned with the other
 * growing tables, forget a deleted person, belong to one request (endpoint + body) and one school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

const KEY_REUSED = 'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Stuur dit verzoek met een nieuwe sleutel.';
// Imported in the test that needs it, so the file's other tests run on a server without the job too.
const prune = async (now: Date, ttl: number) => (await import('../../server/jobs/retention')).pruneTables(t.db, now, ttl);

let clock = new Date('2026-03-02T08:00:00Z');
const advanceDays = (days: number) => (clock = new Date(clock.getTime() + days * 86_400_000));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, () => clock);
});
afterAll(() => t.close());

let n = 0;
const newKey = () => `sec29-key-${String(++n).padStart(6, '0')}-${Date.now()}`;
async function call(method: 'POST' | 'DELETE' | 'GET', path: string, key: string, payload?: object) {
  const headers = { ...(await t.as(DOCENT)), 'idempotency-key': key };
  return t.fastify.inject({ method, url: `/api/${path}`, headers, ...(payload ? { payload } : {}) });
}
const count = async (sql: string, params: (string | number)[] = []) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

async function studentOf(org: number) {
  const [s] = await t.db.query<{ id: number; email: string; name: string }>(
    `SELECT u.id, u.email, u.name FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1 WHERE u.role = 'STUDENT' ORDER BY u.id DESC LIMIT 1`,
    [org],
  );
  return s!;
}

describe('finding 4: stored answers do not keep personal data', () => {
  it('deleting a student removes the stored answers about her: a replay does not return her name or e-mail', async () => {
    const s = await studentOf(1);
    const key = newKey();
    const body = { id: s.id, email: s.email, name: 'Verwijderd Straks' };
    const saved = await call('POST', 'users/save', key, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).toContain('Verwijderd Straks');
    expect((await call('DELETE', `students/delete/${s.id}`, newKey())).statusCode).toBe(200);

    const replay = await call('POST', 'users/save', key, body);
    expect(replay.body).not.toContain('Verwijderd Straks');
    expect(replay.body).not.toContain(s.email);
    expect(replay.statusCode).toBe(404);
    expect(await count(`idempotency_keys WHERE response::text LIKE '%Verwijderd Straks%'`)).toBe(0);
  });

  it('keys expire after the window and the retention job prunes them with the other growing tables', async () => {
    const key = newKey();
    const report = { url: '/x', status: 0, message: 'verloopt' };
    expect((await call('POST', 'application/Jobs/Report.php', key, report)).statusCode).toBe(200);
    const docent = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DOCENT]))[0]!.id;
    await t.db.query(`INSERT INTO error_reports (user_id, url, message, created_at) VALUES ($1, '/oud', 'oud', $2)`, [
      docent,
      new Date(clock.getTime() - 91 * 86_400_000),
    ]);
    await t.db.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, created_at, expires_at) VALUES ($1, 'oud', 'sec29-oud', $2, $2)`,
      [docent, new Date(clock.getTime() - 40 * 86_400_000)],
    );
    await t.db.query(
      `INSERT INTO rate_limits (key, hits, window_start, window_secs, free_hits, max_delay_secs) VALUES ('sec29:oud', 3, $1, 60, 10, 0)`,
      [new Date(clock.getTime() - 3_600_000)],
    );

    // Within the window the key still replays (the outbox may resend after a long offline day).
    advanceDays(20);
    expect((await call('POST', 'application/Jobs/Report.php', key, report)).headers['idempotent-replayed']).toBe('true');
    await prune(clock, t.context.tokens.refreshTokenTtl);
    expect(await count(`idempotency_keys WHERE key = $1`, [key])).toBe(1);
    expect(await count(`error_reports WHERE message = 'oud'`)).toBe(0);
    expect(await count(`refresh_tokens WHERE family_id = 'oud'`)).toBe(0);
    expect(await count(`rate_limits WHERE key = 'sec29:oud'`)).toBe(0);
    expect(await count(`print_jobs WHERE created_at < $1`, [new Date(clock.getTime() - 2 * 86_400_000).toISOString()])).toBe(0);

    advanceDays(12);
    const pruned = await prune(clock, t.context.tokens.refreshTokenTtl);
    expect(pruned.idempotencyKeys).toBeGreaterThan(0);
    expect(await count(`idempotency_keys WHERE key = $1`, [key])).toBe(0);
  });
});

describe('finding 8: a key belongs to one request', () => {
  it('the same key on another endpoint is a 422 and deletes nothing', async () => {
    const key = newKey();
    const saved = await call('POST', 'wishlistComments/save', key, { wishlistItemId: 1, comment: 'Blijft staan' });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json() as { id: number }).id;
    const del = await call('DELETE', `wishlistComments/delete/${id}`, key);
    expect(del.statusCode).toBe(422);
    expect(del.json().error.message).toBe(KEY_REUSED);
    expect(await count(`wishlist_comments WHERE id = $1`, [id])).toBe(1);
  });

  it('the same key with another body is a 422; the same body still replays', async () => {
    const key = newKey();
    expect((await call('POST', 'application/Jobs/Report.php', key, { url: '/a', message: 'eerste' })).statusCode).toBe(200);
    const other = await call('POST', 'application/Jobs/Report.php', key, { url: '/a', message: 'tweede' });
    expect(other.statusCode).toBe(422);
    expect(await count(`error_reports WHERE message = 'tweede'`)).toBe(0);
    const same = await call('POST', 'application/Jobs/Report.php', key, { url: '/a', message: 'eerste' });
    expect(same.statusCode).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
  });
});

describe('finding 9: stored answers stay in their school', () => {
  it('a key used in school 1 does not replay school-1 data after a switch to school 2', async () => {
    const s = await studentOf(1);
    const key = newKey();
    const body = { id: s.id, email: s.email, name: 'Alleen School Een' };
    expect((await call('POST', 'users/save', key, body)).statusCode).toBe(200);
    expect((await call('GET', 'users/setCurrentOrganisationId/2', newKey())).statusCode).toBe(200);
    try {
      const replay = await call('POST', 'users/save', key, body);
      expect(replay.body).not.toContain('Alleen School Een');
      expect(replay.body).not.toContain(s.email);
      expect(replay.statusCode).toBe(404);
    } finally {
      await call('GET', 'users/setCurrentOrganisationId/1', newKey());
    }
  });
});
