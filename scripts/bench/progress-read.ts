/**
 * Part 6 (issue 32): the 'Voortgang' read of a class of 30 students × 60 lessons, in process
 * (buildApp + inject) on PGlite and on PostgreSQL (DATABASE_URL, or a throwaway local cluster as part
 * 5 starts one), p99 of sequential reads without If-None-Match (the server builds the whole answer
 * every time). Budget: p99 ≤ 50 ms on each.
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { injectSignIn } from '../../tests/helpers/inject-sign-in';
import { JWT_SECRET, tempDir } from './app-server';
import { benchPostgres } from './pg-cluster';
import { fig, type PartResult } from './report';

const STUDENTS = 30;
const LESSONS = 60;
const WARM_UP = 20;
const READS = 300;
const BUDGET_MS = 50;
const STATUSES = ['', 'PERFECT', 'GOOD', 'WRONG'];

export async function benchProgressRead(part: PartResult): Promise<void> {
  part.method.push(
    `A class of ${STUDENTS} new students with the demo method's modules up to ${LESSONS} lessons (the demo method has 44 in all); each student has an item with two blocks in about two of three lessons (handed in or not, graded at random) and a check request in one of ten. ${WARM_UP} reads to warm up, then ${READS} sequential GET /api/portfolioItems/progress/{id} by fastify.inject, on an in-memory PGlite and on a fresh PostgreSQL database; p99 of their times.`,
  );
  await measure(part, 'PGlite', await openPglite());
  const pg = await benchPostgres();
  if (typeof pg === 'string') {
    part.figures.push(fig('PostgreSQL progress read', null, '', undefined, `overgeslagen: ${pg}`));
    return;
  }
  try {
    await measure(part, 'PostgreSQL', openPostgres(pg.url));
  } finally {
    await pg.dispose();
  }
}

async function measure(part: PartResult, label: string, db: Database): Promise<void> {
  try {
    await migrate(db);
    await seedDemo(db);
    const config = { ...loadConfig({}), dataDir: tempDir('progress'), staticDir: undefined, jwtSecret: JWT_SECRET };
    const { fastify } = await buildApp({ db, config });
    const chapters = await db.query<{ id: number; n: number }>(
      `SELECT ch.id, count(l.id)::int AS n FROM chapters ch JOIN sections s ON s.id = ch.section_id JOIN lessons l ON l.chapter_id = ch.id GROUP BY ch.id, s.position, ch.position ORDER BY s.position, ch.position, ch.id`,
    );
    const [room] = await db.query<{ id: number }>(
      `INSERT INTO classrooms (organisation_id, name, access_code) VALUES (1, 'Bench 4V', 'BENCH-4V') RETURNING id`,
    );
    let lessons = 0;
    for (const c of chapters) {
      if (lessons >= LESSONS) break;
      await db.query(`INSERT INTO classroom_chapters (classroom_id, chapter_id) VALUES ($1, $2)`, [room!.id, c.id]);
      lessons += c.n;
    }
    const lessonIds = (
      await db.query<{ id: number }>(
        `SELECT l.id FROM lessons l JOIN classroom_chapters cc ON cc.chapter_id = l.chapter_id WHERE cc.classroom_id = $1`,
        [room!.id],
      )
    ).map((r) => r.id);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let s = 0; s < STUDENTS; s++) {
      const [user] = await db.query<{ id: number }>(`INSERT INTO users (email, name, role) VALUES ($1, $2, 'STUDENT') RETURNING id`, [
        `bench${s}@leerling.nl`,
        `Leerling ${s}`,
      ]);
      await db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, 1)`, [user!.id]);
      await db.query(`INSERT INTO classroom_students (classroom_id, user_id) VALUES ($1, $2)`, [room!.id, user!.id]);
      for (const lesson of lessonIds) {
        if (random() < 0.1)
          await db.query(
            `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, status) VALUES (1, $1, $2, $3, 'APPROVED')`,
            [room!.id, user!.id, lesson],
          );
        if (random() > 0.66) continue;
        const [item] = await db.query<{ id: number }>(
          `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id) VALUES (1, $1, $2, $3) RETURNING id`,
          [user!.id, room!.id, lesson],
        );
        for (const key of ['a', 'b'])
          await db.query(
            `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted, status) VALUES ($1, $2, 'REFLECTION', $3, $4)`,
            [item!.id, key, random() > 0.3, STATUSES[Math.floor(random() * STATUSES.length)]!],
          );
      }
    }
    const { accessToken } = await injectSignIn(fastify, 'docent@demoschool.nl', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + READS; i++) {
      const t0 = performance.now();
      const res = await fastify.inject({ method: 'GET', url: `/api/portfolioItems/progress/${room!.id}`, headers });
      if (res.statusCode !== 200) throw new Error(`voortgang: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= WARM_UP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    part.figures.push(
      fig(`${label} progress read ${STUDENTS}×${lessonIds.length} p50`, at(0.5), 'ms'),
      fig(`${label} progress read ${STUDENTS}×${lessonIds.length} p99`, at(0.99), 'ms', { op: '<=', limit: BUDGET_MS }),
    );
    await fastify.close();
  } finally {
    await db.close();
  }
}
