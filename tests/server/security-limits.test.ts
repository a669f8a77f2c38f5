/**
 * Issue 29, findings 5, 6 and 7: a trickled body is cut off, JSON bodies have a per-route limit and
 * a stranger's body is refused before it is parsed, and the costly routes have per-user limits
 * (the 5 s poll, print jobs, wishlist comments); a public print PDF is rendered once per job.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderModulePdf } from '../../server/pdf/module-pdf';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

vi.mock('../../server/pdf/module-pdf', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/pdf/module-pdf')>();
  return { ...real, renderModulePdf: vi.fn(real.renderModulePdf) };
});

const POLL_TOO_OFTEN = 'Er wordt te vaak naar nieuwe activiteiten gevraagd. Wacht een paar seconden.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 1500 });
});
afterAll(() => t.close());

describe('finding 5: request timeout', () => {
  it('a body trickled one byte at a time is cut off after the request timeout', async () => {
    const address = await t.fastify.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    const closed = new Promise<{ ms: number; answer: string }>((resolve) => {
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
      socket.on('error', () => undefined);
    });
    socket.write(
      'POST /api/application/Jobs/Report.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.writable && socket.write('{'), 300);
    const outcome = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 8000))]);
    clearInterval(drip);
    socket.destroy();
    expect(outcome, 'the connection was still open after 8 s').not.toBeNull();
    expect(outcome!.ms).toBeLessThan(6000);
    expect(outcome!.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });
});

describe('finding 6: body limits and authentication before parsing', () => {
  it('a JSON body over the route limit (tens of kB) is 413 in Dutch', async () => {
    const headers = { ...(await t.as(DOCENT)), 'content-type': 'application/json' };
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`k${i}`, i])));
    expect(wide.length).toBeGreaterThan(100_000);
    const res = await t.fastify.inject({ method: 'POST', url: '/api/wishlistComments/save', headers, payload: wide });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Het verzoek is te groot.');
  });

  it('without a token a body is not parsed: broken or wide JSON gets 401, not a parse error', async () => {
    const broken = await t.fastify.inject({
      method: 'POST',
      url: '/api/wishlistComments/save',
      headers: { 'content-type': 'application/json' },
      payload: '{"kapot',
    });
    expect(broken.statusCode).toBe(401);
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])));
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/classrooms/save',
      headers: { 'content-type': 'application/json' },
      payload: wide,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('finding 7: limits on costly routes', () => {
  it('the 5 s poll: a few screens are fine, a flood from one token gets 429 while a colleague still polls', async () => {
    const headers = await t.as(DOCENT);
    const codes: number[] = [];
    for (let i = 0; i < 60; i++)
      codes.push((await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200 || c === 304)).toBe(true);
    expect(codes).toContain(429);
    const refused = await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(POLL_TOO_OFTEN);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers: await t.as(COLLEGA) })).statusCode).toBe(
      200,
    );
  });

  it('print jobs: the 11th in ten minutes is a 429 in Dutch', async () => {
    const headers = await t.as(COLLEGA);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await t.fastify.inject({ method: 'GET', url: '/api/chapterLessons/requestDownload/1?studyLevel=basis&showContent=1', headers }))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('wishlist comments: the 61st in ten minutes is a 429 in Dutch, and is not stored', async () => {
    const headers = await t.as(COLLEGA);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      codes.push(
        (
          await t.fastify.inject({
            method: 'POST',
            url: '/api/wishlistComments/save',
            headers,
            payload: { wishlistItemId: 1, comment: `sec29 reactie ${i}` },
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await t.db.query(`SELECT 1 FROM wishlist_comments WHERE comment = 'sec29 reactie 60'`)).length).toBe(0);
  });

  it('the public print PDF is rendered once per job, however often it is opened', async () => {
    const headers = await t.as(DOCENT);
    const job = await t.fastify.inject({
      method: 'GET',
      url: '/api/chapterLessons/requestDownload/1?studyLevel=basis&showContent=1',
      headers,
    });
    expect(job.statusCode, job.body).toBe(200);
    const { hash } = job.json() as { hash: string };
    vi.mocked(renderModulePdf).mockClear();
    for (let i = 0; i < 5; i++) {
      const pdf = await t.fastify.inject({ method: 'GET', url: `/api/print/${hash}.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(vi.mocked(renderModulePdf)).toHaveBeenCalledTimes(1);
  });
});
