/** Exactly once: a write resent with the same Idempotency-Key gets the stored answer, not a second change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
// Real time that a test can move on (the rate limits count in the server's clock).
let skew = 0;
beforeAll(async () => {
  t = await createTestApp({}, () => new Date(Date.now() + skew));
});
afterAll(() => t.close());

describe('Idempotency-Key', () => {
  it('answers a repeated key with the stored answer and applies the change once', async () => {
    const headers = { ...(await t.as(DOCENT)), 'idempotency-key': 'a1b2c3d4-0000-4000-8000-000000000001' };
    const report = { url: '/x', status: 0, message: 'eenmalig' };
    // An error report is a queueable write with a visible row per call: ideal to count.
    const first = await t.fastify.inject({ method: 'POST', url: '/api/application/Jobs/Report.php', headers, payload: report });
    const second = await t.fastify.inject({ method: 'POST', url: '/api/application/Jobs/Report.php', headers, payload: report });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports WHERE message = 'eenmalig'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('stores a refusal too, so the resent request is refused the same way', async () => {
    const headers = { ...(await t.as(DOCENT)), 'idempotency-key': 'a1b2c3d4-0000-4000-8000-000000000002' };
    const body = { extendIntention: true, extendContactEmail: 'geen' };
    const first = await t.fastify.inject({ method: 'POST', url: '/api/organisations/saveExtendInfo', headers, payload: body });
    const second = await t.fastify.inject({ method: 'POST', url: '/api/organisations/saveExtendInfo', headers, payload: body });
    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(first.json());
  });

  it("does not store a 429 as the key's answer: the outbox's resend after the wait is applied", async () => {
    const auth = await t.as(DOCENT);
    const report = (i: number) =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/application/Jobs/Report.php',
        headers: { ...auth, 'idempotency-key': `a1b2c3d4-0000-4000-8001-${String(i).padStart(12, '0')}` },
        payload: { url: '/x', status: 0, message: `te veel ${i}` },
      });
    const codes: number[] = [];
    // 30 error reports a minute per teacher (RULES.reportUser); the next one is held back.
    for (let i = 0; i <= 30; i++) codes.push((await report(i)).statusCode);
    expect(codes.at(-1)).toBe(429);
    skew += 61_000;
    const resent = await report(30);
    expect(resent.statusCode).toBe(200);
    const rows = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports WHERE message = 'te veel 30'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a malformed key with a reason', async () => {
    const headers = { ...(await t.as(DOCENT)), 'idempotency-key': 'kort' };
    const res = await t.fastify.inject({ method: 'GET', url: '/api/activities/read', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Idempotency-Key/);
  });
});
