import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../src/api/dashboard/types';
import { runSimulation, summary } from '../../scripts/simulate';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.fastify.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('npm run simulate', () => {
  it('plays a class against a listening server: the feed gets registrations, logins, check requests and portfolio work', async () => {
    const lines: string[] = [];
    // 8 simulated minutes at 20×: about 24 s.
    const counts = await runSimulation({ url, students: 8, minutes: 8, speed: 20, log: (l) => lines.push(l) });
    expect(counts.errors).toBe(0);
    expect(counts.registrations).toBe(8);
    expect(counts.logins).toBe(8);
    expect(counts.checkRequests).toBeGreaterThan(0);
    expect(counts.portfolioItems).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^klas [A-Z0-9]+: 8 leerlingen, 8 minuten/);
    expect(lines.filter((l) => /^minuut \d+: \d+ aanmelding/.test(l)).length).toBeGreaterThanOrEqual(6);
    expect(lines.at(-1)).toBe(`totaal: ${summary(counts)}`);

    const rows = await t.db.query<{ type: string; n: number }>(
      `SELECT a.type, count(*)::int AS n FROM activities a JOIN users u ON u.id = a.user_id WHERE u.email LIKE 'sim-%' GROUP BY a.type`,
    );
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(byType.REGISTER).toBe(8);
    expect(byType.LOGIN).toBe(8);
    expect(byType.CHECK_REQUEST).toBe(counts.checkRequests);
    expect(byType.PORTFOLIO_ITEM).toBe(counts.portfolioItems);
    expect(byType.QUIZ ?? 0).toBe(counts.quizzes);
    const [withdrawn] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM check_requests cr JOIN users u ON u.id = cr.student_id WHERE u.email LIKE 'sim-%' AND cr.status = 'CANCELED'`,
    );
    expect(withdrawn?.n).toBe(counts.withdrawn);

    // The teacher's dashboard feed of the simulated class shows them.
    const [room] = await t.db.query<{ classroom_id: number }>(
      `SELECT cs.classroom_id FROM classroom_students cs JOIN users u ON u.id = cs.user_id WHERE u.email LIKE 'sim-%' LIMIT 1`,
    );
    await t.fastify.inject({ method: 'GET', url: `/api/users/setCurrentClassroomId/${room!.classroom_id}`, headers: await t.as(DOCENT) });
    const feed = (await t.fastify.inject({ method: 'GET', url: '/api/activities/classroom', headers: await t.as(DOCENT) })).json()
      .activities as Activity[];
    const types = new Set(feed.map((a) => a.typeText));
    expect(types.has('CHECK_REQUEST') || types.has('PORTFOLIO_ITEM') || types.has('QUIZ')).toBe(true);
  }, 90_000);

  it('stops promptly when the signal fires', async () => {
    const [room] = await t.db.query<{ access_code: string }>(`SELECT access_code FROM classrooms WHERE id = 1`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    const started = Date.now();
    const counts = await runSimulation(
      { url, classCode: room!.access_code, students: 3, minutes: 10, speed: 30, log: () => undefined },
      controller.signal,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(counts.errors).toBe(0);
  }, 30_000);
});
