/**
 * Issue 31.2: a student's data as a ZIP, her definitive deletion (no row or file that names her), the
 * refusals of every new route, and the access log written on views and changes.
 */
import { Readable } from 'node:stream';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentPrivacy } from '../../src/api/students/types';
import { OTHER_ROLE } from '../../server/http/registry';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let her: { id: number; email: string; name: string };
let classmate: { id: number; email: string };
const OTHER_ADMIN = 'beheer@delinde.nl';
const OWN_KEY = 'uploads/privacy-test-eigen-foto';
const OWN_BYTES = new TextEncoder().encode('niet echt een jpeg, wel haar eigen bestand');

beforeAll(async () => {
  t = await createTestApp();
  // A student of Het Baken with portfolio photos, feedback, quiz results and check requests.
  her = (
    await t.db.query<{ id: number; email: string; name: string }>(
      `SELECT u.id, u.email, u.name FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1
      WHERE u.role = 'STUDENT' AND u.email <> $1
        AND EXISTS (SELECT 1 FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id JOIN portfolio_feedback f ON f.block_id = b.id WHERE p.user_id = u.id)
        AND EXISTS (SELECT 1 FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id JOIN portfolio_block_items bi ON bi.block_id = b.id WHERE p.user_id = u.id AND bi.file_id IS NOT NULL)
        AND EXISTS (SELECT 1 FROM quiz_results q WHERE q.user_id = u.id)
      ORDER BY (SELECT count(*) FROM check_requests r WHERE r.student_id = u.id) DESC, u.id LIMIT 1`,
      [LEERLING],
    )
  )[0]!;
  classmate = (
    await t.db.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM users u JOIN classroom_students cs ON cs.user_id = u.id
      WHERE u.role = 'STUDENT' AND u.id <> $1 AND cs.classroom_id IN (SELECT classroom_id FROM classroom_students WHERE user_id = $1) ORDER BY u.id LIMIT 1`,
      [her.id],
    )
  )[0]!;
  // A photo she uploaded herself, only in her portfolio.
  await t.context.files.put(OWN_KEY, OWN_BYTES);
  await t.db.query(
    `INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ('privacy-eigen', 1, $1, 'mijn foto.jpg', 'image/jpeg', $2, $3)`,
    [her.id, OWN_BYTES.length, OWN_KEY],
  );
  await t.db.query(
    `INSERT INTO portfolio_block_items (block_id, index_number, file_id)
     SELECT b.id, 99, 'privacy-eigen' FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE p.user_id = $1 ORDER BY b.id LIMIT 1`,
    [her.id],
  );
  // A TEACHER (not ADMIN) of the same school, and an ADMIN of only the other school.
  await t.db.query(`UPDATE users SET role = 'TEACHER' WHERE email = $1`, [COLLEGA]);
  const [admin] = await t.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, role, current_organisation_id) SELECT $1, 'Beheer De Linde', password_hash, 'ADMIN', 2 FROM users WHERE email = $2 RETURNING id`,
    [OTHER_ADMIN, DOCENT],
  );
  await t.db.query(`INSERT INTO memberships (user_id, organisation_id, active) VALUES ($1, 2, true)`, [admin!.id]);
});
afterAll(() => t.close());

const send = async (method: 'GET' | 'DELETE', url: string, who = DOCENT) =>
  t.fastify.inject({ method, url: `/api/${url}`, headers: await t.as(who) });
const privacy = async (id = her.id) => (await send('GET', `students/privacy/${id}`)).json() as StudentPrivacy;

describe('who may use the privacy routes', () => {
  const routes = (id: number | string): ['GET' | 'DELETE', string][] => [
    ['GET', `students/privacy/${id}`],
    ['GET', `students/export/${id}`],
    ['DELETE', `students/erase/${id}`],
  ];

  it('refuses a teacher who is not ADMIN, an ADMIN of another school and a student, in Dutch', async () => {
    for (const [method, url] of routes(her.id)) {
      const teacher = await send(method, url, COLLEGA);
      expect(teacher.statusCode, url).toBe(403);
      expect(teacher.json().error.message).toBe(OTHER_ROLE);
      const stranger = await send(method, url, OTHER_ADMIN);
      expect(stranger.statusCode, url).toBe(404);
      expect(stranger.json().error.message).toBe('Deze leerling is niet gevonden.');
      const student = await send(method, url, LEERLING);
      expect(student.statusCode, url).toBe(403);
      expect(student.json().error.message).toMatch(/Leerlingen hebben geen toegang/);
      expect((await t.fastify.inject({ method, url: `/api/${url}` })).statusCode, url).toBe(401);
    }
    // Nothing went: she is still there with her work.
    expect((await privacy()).counts.portfolioItems).toBeGreaterThan(0);
  });

  it('answers bad and unknown ids with a Dutch 4xx, never a 500', async () => {
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999']) {
      for (const [method, url] of routes(bad)) {
        const res = await send(method, url);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(res.json().error.message, url).toMatch(/[a-z]/);
      }
    }
    for (const [method, url] of routes(987654))
      expect((await send(method, url)).json().error.message).toBe('Deze leerling is niet gevonden.');
    // A teacher is not a student: no export or deletion through these routes.
    const [docent] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DOCENT]);
    expect((await send('DELETE', `students/erase/${docent!.id}`)).statusCode).toBe(404);
  });
});

describe('students/export: her data as a ZIP', () => {
  it('holds her profile, classes, activities, results, portfolio with feedback and grades, check requests and files, and nobody else', async () => {
    const res = await send('GET', `students/export/${her.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="gegevens-leerling-\d+-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const jsonOf = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;

    expect(jsonOf('profiel.json')).toMatchObject({ id: her.id, email: her.email, school: 'Het Baken' });
    const classes = await t.db.query<{ name: string }>(
      `SELECT c.name FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id WHERE cs.user_id = $1 ORDER BY c.name`,
      [her.id],
    );
    expect((jsonOf('klassen.json') as { name: string }[]).map((c) => c.name)).toEqual(classes.map((c) => c.name));
    const count = async (sql: string) => (await t.db.query<{ n: number }>(sql, [her.id]))[0]!.n;
    expect(jsonOf('toetsresultaten.json')).toHaveLength(await count(`SELECT count(*)::int AS n FROM quiz_results WHERE user_id = $1`));
    expect(jsonOf('activiteiten.json')).toHaveLength(await count(`SELECT count(*)::int AS n FROM activities WHERE user_id = $1`));
    expect(jsonOf('nakijkverzoeken.json')).toHaveLength(await count(`SELECT count(*)::int AS n FROM check_requests WHERE student_id = $1`));

    type Block = { grade: string; feedback: { message: string }[]; answers: { file: string | null }[] };
    const portfolio = jsonOf('portfolio.json') as { blocks: Block[] }[];
    expect(portfolio).toHaveLength(await count(`SELECT count(*)::int AS n FROM portfolio_items WHERE user_id = $1`));
    const blocks = portfolio.flatMap((p) => p.blocks);
    const [feedback] = await t.db.query<{ message: string }>(
      `SELECT f.message FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE p.user_id = $1 LIMIT 1`,
      [her.id],
    );
    expect(blocks.flatMap((b) => b.feedback.map((f) => f.message))).toContain(feedback!.message);
    expect(blocks.some((b) => b.grade !== undefined)).toBe(true);

    // Every file her portfolio names is in the ZIP, with its bytes; her own upload too.
    const named = blocks.flatMap((b) => b.answers.map((a) => a.file)).filter((f): f is string => !!f);
    expect(named.length).toBeGreaterThan(1);
    for (const name of named) expect(zip[name]?.length, name).toBeGreaterThan(0);
    expect(zip['bestanden/privacy-eigen-mijn foto.jpg']).toEqual(OWN_BYTES);
    const [demo] = await t.db.query<{ storage_key: string; id: string }>(
      `SELECT storage_key, id FROM files WHERE id <> 'privacy-eigen' AND $1 LIKE '%' || id || '%'`,
      [named.join(' ')],
    );
    const stored = await streamBytes(await t.context.files.get(demo!.storage_key));
    expect(zip[named.find((n) => n.includes(demo!.id))!]).toEqual(stored);

    // Nobody else's data: not a classmate's address, nor another school's.
    const text = Object.entries(zip)
      .filter(([n]) => n.endsWith('.json'))
      .map(([, b]) => strFromU8(b))
      .join('\n');
    expect(text).not.toContain(classmate.email);
    expect(text).not.toContain('De Linde');
  });

  it('is written in the access log, and so are views and changes of her profile, portfolio and results', async () => {
    for (const url of [`users/details/${her.id}`, `portfolioItems/users/${her.id}`, `students/quizResults/${her.id}`])
      expect((await send('GET', url)).statusCode).toBe(200);
    // A second view within minutes is the same view.
    await send('GET', `users/details/${her.id}`);
    const save = await t.fastify.inject({
      method: 'POST',
      url: '/api/users/save',
      headers: await t.as(DOCENT),
      payload: { id: her.id, email: her.email, name: 'Nieuwe Naam' },
    });
    expect(save.statusCode).toBe(200);
    const [block] = await t.db.query<{ item: number; key: string }>(
      `SELECT p.id AS item, b.key FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id WHERE p.user_id = $1 ORDER BY b.id LIMIT 1`,
      [her.id],
    );
    const feedback = await t.fastify.inject({
      method: 'POST',
      url: '/api/portfolioItems/saveFeedback',
      headers: await t.as(DOCENT),
      payload: { portfolioItemId: block!.item, key: block!.key, message: 'Goed gedaan.' },
    });
    expect(feedback.statusCode).toBe(200);
    const log = (await privacy()).accessLog;
    const lines = log.map((l) => `${l.who} ${l.action} ${l.subject}`);
    expect(lines.filter((l) => l === `${DOCENT} VIEW PROFILE`)).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${DOCENT} EXPORT DATA`,
        `${DOCENT} VIEW PORTFOLIO`,
        `${DOCENT} VIEW RESULTS`,
        `${DOCENT} CHANGE PROFILE`,
        `${DOCENT} CHANGE PORTFOLIO`,
      ]),
    );
    // Her classmate's log is hers alone.
    expect((await privacy(classmate.id)).accessLog.some((l) => l.action === 'EXPORT')).toBe(false);
  });
});

describe('students/erase: definitively deleted', () => {
  it('counts what goes, then leaves no row in any table and no file that names her', async () => {
    const before = await privacy();
    expect(before.counts).toMatchObject({ files: 1 });
    expect(before.counts.portfolioItems).toBeGreaterThan(0);
    expect(before.counts.quizResults).toBeGreaterThan(0);
    expect(before.counts.classes).toBeGreaterThan(0);
    // A stored answer (idempotency key) that names her, as a colleague's earlier save left it.
    await t.fastify.inject({
      method: 'POST',
      url: '/api/users/save',
      headers: { ...(await t.as(DOCENT)), 'idempotency-key': 'privacy-test-key-1' },
      payload: { id: her.id, email: her.email, name: her.name },
    });
    // A mistyped password leaves an attempt counter keyed by her address (server/auth/sign-in.ts).
    await t.login(her.email, 'verkeerd-wachtwoord').catch(() => undefined);
    const found = await rowsNaming(her);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^idempotency_keys/),
        expect.stringMatching(/^rate_limits/),
        expect.stringMatching(/^files/),
      ]),
    );
    const classmateRows = (await rowsNaming({ id: classmate.id, email: classmate.email })).length;

    const res = await send('DELETE', `students/erase/${her.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('De leerling en al haar gegevens zijn definitief verwijderd.');
    expect(await rowsNaming(her)).toEqual([]);
    expect(await t.context.files.has(OWN_KEY)).toBe(false);
    // Her classmate keeps everything, and the shared demo photos stay for the others.
    expect((await rowsNaming({ id: classmate.id, email: classmate.email })).length).toBe(classmateRows);
    expect((await send('GET', `users/details/${her.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `students/erase/${her.id}`)).statusCode).toBe(404);
  });
});

describe('students/delete and the bulk delete of the class page: the same full erasure (part 1 §7, issue 31)', () => {
  /** Students of Het Baken with portfolio work and quiz results, not the ones the tests above use. */
  const others = async (n: number) =>
    t.db.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1
        WHERE u.role = 'STUDENT' AND NOT (u.id = ANY($1::int[])) AND u.email <> $2
          AND EXISTS (SELECT 1 FROM portfolio_items p WHERE p.user_id = u.id) AND EXISTS (SELECT 1 FROM quiz_results q WHERE q.user_id = u.id)
        ORDER BY u.id LIMIT $3`,
      [[her.id, classmate.id], LEERLING, n],
    );
  const bulk = async (users: number[], who = DOCENT) =>
    t.fastify.inject({ method: 'POST', url: '/api/students/bulk/massDelete', headers: await t.as(who), payload: { users } });

  it('refuses a teacher of another school and a student, deleting nothing', async () => {
    const [one] = await others(1);
    const before = await rowsNaming(one!);
    for (const who of [OTHER_ADMIN, LEERLING, COLLEGA]) {
      const single = await send('DELETE', `students/delete/${one!.id}`, who);
      const many = await bulk([one!.id], who);
      for (const res of [single, many]) {
        const refusal = {
          [OTHER_ADMIN]: [404, 'Deze leerling is niet gevonden.'],
          [LEERLING]: [403, 'Leerlingen hebben geen toegang tot de Docentenomgeving.'],
          [COLLEGA]: [403, OTHER_ROLE],
        }[who];
        expect([res.statusCode, res.json().error.message], who).toEqual(refusal);
      }
    }
    expect(await rowsNaming(one!)).toEqual(before);
  });

  it('students/delete leaves no row in any table and no file of hers behind', async () => {
    const [one] = await others(1);
    const key = 'uploads/privacy-test-delete-foto';
    await t.context.files.put(key, OWN_BYTES);
    await t.db.query(
      `INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ('privacy-delete', 1, $1, 'foto.jpg', 'image/jpeg', $2, $3)`,
      [one!.id, OWN_BYTES.length, key],
    );
    await t.login(one!.email, 'verkeerd-wachtwoord').catch(() => undefined);
    expect(await rowsNaming(one!)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^files/),
        expect.stringMatching(/^rate_limits/),
        expect.stringMatching(/^portfolio_items/),
      ]),
    );

    const res = await send('DELETE', `students/delete/${one!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('De leerling is verwijderd.');
    expect(await rowsNaming(one!)).toEqual([]);
    expect(await t.context.files.has(key)).toBe(false);
    expect((await send('DELETE', `students/delete/${one!.id}`)).json().error.message).toBe('Deze leerling is niet gevonden.');
  });

  it('the bulk delete erases each chosen student as fully', async () => {
    const two = await others(2);
    await t.login(two[0]!.email, 'verkeerd-wachtwoord').catch(() => undefined);
    const res = await bulk(two.map((s) => s.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 leerlingen verwijderd.');
    for (const s of two) expect(await rowsNaming(s), s.email).toEqual([]);
  });
});

async function streamBytes(stream: Readable | null): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream ?? Readable.from([])) chunks.push(Buffer.from(c as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Every table of the database (from information_schema), searched for her: rows whose text holds her
 * e-mail address, rows whose column that points at users holds her id, and keys that end in ':user:<id>'.
 */
async function rowsNaming(who: { id: number; email: string }): Promise<string[]> {
  const tables = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const userColumns = await t.db.query<{ table_name: string; column_name: string }>(
    `SELECT kcu.table_name, kcu.column_name FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
      WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = current_schema()`,
  );
  expect(userColumns.length).toBeGreaterThan(15);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const byColumn = userColumns.filter((c) => c.table_name === table).map((c) => `"${c.column_name}" = $2::int`);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" x WHERE strpos(lower(x::text), lower($1::text)) > 0 OR x::text ~ $3::text OR $2::int IS NULL ${byColumn.length ? `OR ${byColumn.join(' OR ')}` : ''}`,
      [who.email, who.id, `:user:${who.id}[^0-9]`],
    );
    if (row!.n > 0) found.push(`${table}: ${row!.n}`);
  }
  const [user] = await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [who.id]);
  if (user) found.push('users: by id');
  return found;
}
