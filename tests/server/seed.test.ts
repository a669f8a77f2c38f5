import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { openPglite, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { demoFiles, DOCENT_CLASSROOM_ID, OVERUSED_CHAPTER_ID, seedDemo } from '../../server/db/seed';

let db: Database;
const now = new Date();

const one = async <T = Record<string, unknown>>(sql: string, params: (string | number)[] = []): Promise<T> => {
  const rows = await db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
};
const count = async (sql: string, params: (string | number)[] = []) => (await one<{ n: number }>(sql, params)).n;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  const start = performance.now();
  await seedDemo(db, now);
  // Printed, not asserted: the speed budget lives in `npm run bench`, where a loaded machine cannot fail CI.
  console.log(`seedDemo took ${Math.round(performance.now() - start)} ms`);
}, 60_000);

describe('seedDemo', () => {
  it('creates the two organisations with ids 1 and 2', async () => {
    const orgs = await db.query<{ id: number; name: string; location: string; city: string; active: number; extend_intention: boolean }>(
      'SELECT id, name, location, city, active, extend_intention FROM organisations ORDER BY id',
    );
    expect(orgs).toEqual([
      { id: 1, name: 'Het Baken', location: 'Vestiging Noord', city: 'Zwolle', active: 1, extend_intention: false },
      { id: 2, name: 'Scholengemeenschap De Linde', location: 'Locatie Centrum', city: 'Amersfoort', active: 0, extend_intention: false },
    ]);
    expect((await one<{ value: string }>("SELECT value FROM settings WHERE key = 'demo'")).value).toBe('true');
  });

  it('creates the demo accounts with password Welkom123', async () => {
    const docent = await one<{
      id: number;
      role: string;
      name: string;
      current_organisation_id: number;
      current_classroom_id: number;
      password_hash: string;
    }>("SELECT * FROM users WHERE email = 'docent@demoschool.nl'");
    expect(docent).toMatchObject({
      id: 1,
      role: 'ADMIN',
      name: 'Sanne de Vries',
      current_organisation_id: 1,
      current_classroom_id: DOCENT_CLASSROOM_ID,
    });
    expect(await verifyPassword('Welkom123', docent.password_hash)).toBe(true);
    expect(await count('SELECT count(*)::int AS n FROM memberships WHERE user_id = 1 AND active')).toBe(2);

    const collega = await one<{ id: number; role: string; name: string; password_hash: string }>(
      "SELECT * FROM users WHERE email = 'collega@demoschool.nl'",
    );
    expect(collega).toMatchObject({ id: 2, role: 'ADMIN', name: 'Ahmed El Amrani' });
    expect(await verifyPassword('Welkom123', collega.password_hash)).toBe(true);
    expect(await db.query('SELECT organisation_id FROM memberships WHERE user_id = 2')).toEqual([{ organisation_id: 1 }]);

    const leerling = await one<{ id: number; role: string; study_level: string; password_hash: string }>(
      "SELECT * FROM users WHERE email = 'leerling@demoschool.nl'",
    );
    expect(leerling).toMatchObject({ id: 3, role: 'STUDENT', study_level: 'basis' });
    expect(await verifyPassword('Welkom123', leerling.password_hash)).toBe(true);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id WHERE cs.user_id = 3 AND c.organisation_id = 1',
      ),
    ).toBeGreaterThan(0);
  });

  it('has teachers at both schools, one inactive', async () => {
    const t1 = await count(
      "SELECT count(*)::int AS n FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.role = 'ADMIN' AND m.organisation_id = 1",
    );
    const t2 = await count(
      "SELECT count(*)::int AS n FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.role = 'ADMIN' AND m.organisation_id = 2",
    );
    expect(t1).toBeGreaterThanOrEqual(6);
    expect(t2).toBeGreaterThanOrEqual(3);
    // An invitation not yet accepted (issue 29) is not an inactive teacher.
    const inactive = await db.query<{ inactive_since: Date }>('SELECT inactive_since FROM memberships WHERE NOT active AND NOT pending');
    expect(inactive).toHaveLength(1);
    const days = (Date.now() - new Date(inactive[0]?.inactive_since ?? 0).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(45);
    expect(days).toBeLessThan(75);
  });

  it('has about 300 + 40 students with valid levels, idle ones and ones without a class', async () => {
    const s1 = await count("SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND current_organisation_id = 1");
    const s2 = await count("SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND current_organisation_id = 2");
    expect(s1).toBeGreaterThanOrEqual(280);
    expect(s1).toBeLessThanOrEqual(320);
    expect(s2).toBeGreaterThanOrEqual(35);
    expect(s2).toBeLessThanOrEqual(50);
    expect(
      await count("SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND study_level NOT IN ('basis', 'kader', 'gl-tl')"),
    ).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND is_external")).toBeGreaterThan(20);
    expect(await count("SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.role = 'STUDENT'")).toBe(
      s1 + s2,
    );
    const idle = await count(
      "SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND current_organisation_id = 1 AND last_login < now() - interval '6 months'",
    );
    expect(idle).toBeGreaterThanOrEqual(12);
    expect(idle).toBeLessThanOrEqual(18);
    const orphans = await count(
      "SELECT count(*)::int AS n FROM users u WHERE role = 'STUDENT' AND current_organisation_id = 1 AND NOT EXISTS (SELECT 1 FROM classroom_students cs WHERE cs.user_id = u.id)",
    );
    expect(orphans).toBe(8);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE role = 'STUDENT' AND last_lesson_id IS NOT NULL")).toBeGreaterThan(
      s1 / 2,
    );
    expect(
      await count('SELECT count(*)::int AS n FROM (SELECT user_id FROM classroom_students GROUP BY user_id HAVING count(*) > 1) x'),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM (SELECT lower(email) FROM users GROUP BY 1 HAVING count(*) > 1) x')).toBe(0);
  });

  it('has classes with readable unique codes, teachers, levels and chapters', async () => {
    const classes = await db.query<{
      id: number;
      organisation_id: number;
      access_code: string;
      main_teacher_id: number;
      default_study_level: string;
      students: number;
      chapters: number;
    }>(
      `SELECT c.*, (SELECT count(*)::int FROM classroom_students cs WHERE cs.classroom_id = c.id) AS students,
              (SELECT count(*)::int FROM classroom_chapters cc WHERE cc.classroom_id = c.id) AS chapters
         FROM classrooms c ORDER BY id`,
    );
    expect(classes.filter((c) => c.organisation_id === 1)).toHaveLength(12);
    expect(classes.filter((c) => c.organisation_id === 2)).toHaveLength(3);
    for (const c of classes) {
      expect(c.access_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
      expect(['basis', 'kader', 'gl-tl']).toContain(c.default_study_level);
      expect(c.main_teacher_id).toBeGreaterThan(0);
      expect(c.chapters).toBeGreaterThanOrEqual(2);
      expect(c.chapters).toBeLessThanOrEqual(6);
      if (c.students > 0) expect(c.students).toBeLessThanOrEqual(31);
    }
    expect(classes.filter((c) => c.organisation_id === 1 && c.students === 0)).toHaveLength(1);
    expect(classes.filter((c) => c.organisation_id === 1 && c.main_teacher_id === 1)).toHaveLength(4);
    expect(classes.filter((c) => c.organisation_id === 2 && c.main_teacher_id === 1)).toHaveLength(1);
    expect(classes.filter((c) => c.main_teacher_id === 2)).toHaveLength(3);
    expect(await count('SELECT count(*)::int AS n FROM classrooms WHERE answers_activated')).toBeGreaterThan(0);
    expect(
      await one<{ main_teacher_id: number; organisation_id: number }>('SELECT * FROM classrooms WHERE id = $1', [DOCENT_CLASSROOM_ID]),
    ).toMatchObject({ main_teacher_id: 1, organisation_id: 1 });
  });

  it('has method content with per-level lesson bodies', async () => {
    const sections = await db.query<{ id: number; name: string; active: boolean; chapters: number }>(
      'SELECT s.*, (SELECT count(*)::int FROM chapters c WHERE c.section_id = s.id) AS chapters FROM sections s ORDER BY position',
    );
    expect(sections).toHaveLength(4);
    expect(sections.filter((s) => !s.active)).toHaveLength(1);
    for (const s of sections.filter((x) => x.active)) expect(s.chapters).toBeGreaterThanOrEqual(3);
    const lessonsPerChapter = await db.query<{ n: number }>(
      'SELECT count(l.id)::int AS n FROM chapters c LEFT JOIN lessons l ON l.chapter_id = c.id GROUP BY c.id',
    );
    for (const r of lessonsPerChapter) expect(r.n).toBeGreaterThanOrEqual(3);
    expect(await count("SELECT count(*)::int AS n FROM chapters WHERE levels = '{kader,gl-tl}'")).toBeGreaterThan(0);
    const lessons = await db.query<{
      body: Record<
        string,
        { content: string; assignments: { question: string; answer: string }[]; terms: { term: string; definition: string }[] }
      >;
      levels: string[];
    }>('SELECT l.body, c.levels FROM lessons l JOIN chapters c ON c.id = l.chapter_id');
    for (const { body, levels } of lessons) {
      expect(Object.keys(body).sort()).toEqual([...levels].sort());
      for (const level of levels) {
        const b = body[level];
        expect(b?.content.split('\n\n').length).toBeGreaterThanOrEqual(2);
        expect(b?.assignments.length).toBeGreaterThanOrEqual(1);
        expect(b?.terms.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it("has a feed with every check-request status and unread OPEN requests in docent's current class", async () => {
    expect(await count('SELECT count(*)::int AS n FROM activities WHERE organisation_id = 1')).toBeGreaterThanOrEqual(350);
    const types = await db.query<{ type: string }>('SELECT DISTINCT type FROM activities ORDER BY type');
    expect(types.map((t) => t.type)).toEqual(['CHECK_REQUEST', 'LOGIN', 'PORTFOLIO_ITEM', 'QUIZ', 'REGISTER']);
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM check_requests ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual(['APPROVED', 'APPROVED_EXPIRED', 'CANCELED', 'EXPIRED', 'OPEN', 'REJECTED']);
    expect(
      await count("SELECT count(*)::int AS n FROM check_requests WHERE status = 'OPEN' AND created_at < now() - interval '3 hours'"),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM check_requests WHERE status = 'EXPIRED' AND (created_at > now() - interval '24 hours' OR decided_at IS NOT NULL)",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM check_requests WHERE status = 'APPROVED_EXPIRED' AND decided_at > now() - interval '24 hours'",
      ),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM check_requests WHERE status = 'APPROVED' AND decided_at < now() - interval '24 hours'"),
    ).toBe(0);
    const { read_up_to } = await one<{ read_up_to: number }>(
      'SELECT read_up_to FROM activity_reads WHERE user_id = 1 AND classroom_id = $1',
      [DOCENT_CLASSROOM_ID],
    );
    expect(read_up_to).toBeGreaterThan(0);
    const unreadOpen = await count(
      "SELECT count(*)::int AS n FROM activities a JOIN check_requests r ON r.id = a.check_request_id WHERE a.classroom_id = $1 AND r.status = 'OPEN' AND a.id > $2",
      [DOCENT_CLASSROOM_ID, read_up_to],
    );
    expect(unreadOpen).toBeGreaterThanOrEqual(3);
    expect(
      await count('SELECT count(*)::int AS n FROM activities WHERE classroom_id = $1 AND id <= $2', [DOCENT_CLASSROOM_ID, read_up_to]),
    ).toBeGreaterThan(5);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM activities a JOIN quiz_results q ON q.id = a.quiz_result_id WHERE q.type = 'personality'",
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM activities WHERE type = 'QUIZ' AND quiz_result_id IS NULL OR type = 'PORTFOLIO_ITEM' AND portfolio_item_id IS NULL OR type = 'CHECK_REQUEST' AND check_request_id IS NULL",
      ),
    ).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM activities WHERE created_at < now() - interval '15 days'")).toBe(0);
    // ids grow with time, so the feed's id order is its time order.
    expect(
      await count('SELECT count(*)::int AS n FROM activities a JOIN activities b ON b.id = a.id + 1 WHERE b.created_at < a.created_at'),
    ).toBe(0);
  });

  it('has quiz results and portfolios', async () => {
    expect(await count('SELECT count(*)::int AS n FROM quiz_results WHERE organisation_id = 1')).toBeGreaterThanOrEqual(200);
    expect(await count('SELECT count(*)::int AS n FROM quiz_results WHERE good > total OR total < 5 OR total > 20')).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM quiz_results WHERE type = 'quiz' AND title NOT LIKE 'Toets: %'")).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM portfolio_items WHERE organisation_id = 1')).toBe(120);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM portfolio_items p WHERE NOT EXISTS (SELECT 1 FROM portfolio_blocks b WHERE b.portfolio_item_id = p.id)',
      ),
    ).toBe(0);
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM portfolio_blocks ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual(['', 'GOOD', 'PERFECT', 'WRONG']);
    expect(await count('SELECT count(*)::int AS n FROM portfolio_blocks WHERE NOT is_submitted')).toBeGreaterThan(0);
    const reflections = await db.query<{ n: number; subtitles: string[] }>(
      "SELECT count(i.id)::int AS n, array_agg(i.subtitle ORDER BY i.index_number) AS subtitles FROM portfolio_blocks b JOIN portfolio_block_items i ON i.block_id = b.id WHERE b.type = 'REFLECTION' GROUP BY b.id",
    );
    expect(reflections.length).toBeGreaterThan(50);
    for (const r of reflections)
      expect(r.subtitles).toEqual(['Wat ging goed?', 'Wat vond je lastig?', 'Wat neem je mee naar de volgende les?']);
    expect(await count('SELECT count(*)::int AS n FROM portfolio_feedback WHERE teacher_id IN (1, 2)')).toBeGreaterThan(5);
  });

  it('has documents, exams and their files', async () => {
    const docs = await db.query<{ owner_id: number; hidden: boolean; files: number }>(
      'SELECT d.*, (SELECT count(*)::int FROM document_files f WHERE f.document_id = d.id) AS files FROM documents d WHERE organisation_id = 1',
    );
    expect(docs.length).toBeGreaterThanOrEqual(6);
    expect(docs.filter((d) => d.owner_id === 1)).toHaveLength(2);
    expect(docs.filter((d) => d.hidden)).toHaveLength(1);
    expect(new Set(docs.map((d) => d.owner_id)).size).toBeGreaterThanOrEqual(4);
    const exams = await db.query<{ hidden: boolean; variant: string }>('SELECT * FROM exams');
    expect(exams.length).toBeGreaterThanOrEqual(12);
    expect(exams.filter((e) => e.hidden)).toHaveLength(1);
    expect(new Set(exams.map((e) => e.variant))).toEqual(new Set(['B-KGT', 'BASIS', 'KGT']));
    const keys = await db.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key');
    expect(keys.map((k) => k.storage_key)).toEqual(
      demoFiles()
        .map((f) => f.storageKey)
        .sort(),
    );
    expect(keys.map((k) => k.storage_key)).toContain('demo/exam-1-antwoorden.pdf');
  });

  it('has a wishlist with votes, comments and partly read items', async () => {
    expect(await count('SELECT count(*)::int AS n FROM wishlist_items WHERE organisation_id = 1')).toBe(10);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_items WHERE organisation_id = 1 AND active = 0')).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_items WHERE organisation_id = 1 AND user_id = 1')).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_items WHERE organisation_id = 2')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_votes WHERE direction = 1')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_votes WHERE direction = -1')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM wishlist_comments')).toBeGreaterThan(0);
    const read = await count(
      'SELECT count(*)::int AS n FROM wishlist_reads r JOIN wishlist_items i ON i.id = r.wishlist_item_id WHERE r.user_id = 1 AND i.organisation_id = 1',
    );
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(10);
  });

  it('has licences with exactly one overused row at Het Baken', async () => {
    const rows = await db.query<{ organisation_id: number; chapter_id: number; license_count: number; used: number }>(
      `SELECT l.organisation_id, l.chapter_id, l.license_count,
              (SELECT count(DISTINCT cs.user_id)::int FROM classroom_students cs
                 JOIN classroom_chapters cc ON cc.classroom_id = cs.classroom_id
                 JOIN classrooms c ON c.id = cs.classroom_id
                WHERE c.organisation_id = l.organisation_id AND cc.chapter_id = l.chapter_id) AS used
         FROM licences l ORDER BY 1, 2`,
    );
    const assigned = await count(
      'SELECT count(DISTINCT cc.chapter_id)::int AS n FROM classroom_chapters cc JOIN classrooms c ON c.id = cc.classroom_id WHERE c.organisation_id = 1',
    );
    expect(rows.filter((r) => r.organisation_id === 1)).toHaveLength(assigned);
    const over = rows.filter((r) => r.license_count < r.used);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ organisation_id: 1, chapter_id: OVERUSED_CHAPTER_ID });
    expect(rows.filter((r) => r.organisation_id === 2).length).toBeGreaterThan(0);
  });

  it('produces identical data on every run', async () => {
    const other = await openPglite();
    try {
      await migrate(other);
      await seedDemo(other, now);
      for (const sql of [
        'SELECT id, email, name, role, current_classroom_id, study_level, is_external, last_login, last_lesson_id FROM users ORDER BY id',
        'SELECT * FROM classrooms ORDER BY id',
        'SELECT * FROM activities ORDER BY id',
        'SELECT * FROM portfolio_block_items ORDER BY id',
        'SELECT * FROM wishlist_votes ORDER BY 1, 2',
        'SELECT * FROM licences ORDER BY 1, 2',
      ]) {
        expect(await other.query(sql)).toEqual(await db.query(sql));
      }
    } finally {
      await other.close();
    }
  }, 60_000);

  it('leaves the sequences ready for new rows', async () => {
    const [row] = await db.query<{ id: number }>("INSERT INTO users (email, role) VALUES ('nieuw@hetbaken.nl', 'ADMIN') RETURNING id");
    expect(row?.id).toBeGreaterThan(340);
    await db.query("DELETE FROM users WHERE email = 'nieuw@hetbaken.nl'");
  });
});
