import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentLesson, StudentPortfolioItem } from '../../src/api/students-app/types';
import type { Licence } from '../../src/api/licences/types';
import type { QuizResult } from '../../src/api/students/types';
import { EMAIL_TAKEN, LEVEL_LOCKED, UNKNOWN_CODE } from '../../server/areas/students-app/handlers';
import { IMAGES_ONLY } from '../../server/areas/students-app/portfolio-work';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

let t: TestApp;
let dataDir: string;
let code: string; // class 1 of the demo school (docent's class)
let otherCode: string; // a class of the second school
const PASSWORD = 'GeheimWachtwoord1';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'students-app-'));
  t = await createTestApp({ dataDir, maxUploadBytes: 4096 });
  const rooms = await t.db.query<{ id: number; access_code: string; organisation_id: number }>(
    `SELECT id, access_code, organisation_id FROM classrooms ORDER BY id`,
  );
  code = rooms.find((r) => r.id === 1)!.access_code;
  otherCode = rooms.find((r) => r.organisation_id !== rooms[0]!.organisation_id && r.organisation_id === 2)!.access_code;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.fastify.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
const register = (body: object) => inject('POST', 'student/register', {}, body);
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

let n = 0;
/** A fresh student of class 1 (or of the given code), signed in through registration. */
async function newStudent(accessCode = code): Promise<{ id: number; headers: Headers; email: string }> {
  const email = `nieuw${++n}@leerling.example`;
  const res = await register({ accessCode, email, name: `Nieuwe Leerling ${n}`, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]);
  return { id: user!.id, headers: bearer(res.json().accessToken), email };
}

async function lessonOfClass1(): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `SELECT l.id FROM lessons l JOIN classroom_chapters cc ON cc.chapter_id = l.chapter_id WHERE cc.classroom_id = 1 ORDER BY l.id LIMIT 1`,
  );
  return row!.id;
}

async function multipart(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('student/register', () => {
  it('creates a student in the class, answers tokens, logs REGISTER and counts a licence', async () => {
    const licences = async () =>
      ((await inject('GET', 'organisations/licenses', await t.as(DOCENT))).json() as Licence[]).reduce((s, l) => s + l.usedLicenseCount, 0);
    const before = await licences();
    const [expected] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM licences l JOIN classrooms c ON c.organisation_id = l.organisation_id
        JOIN classroom_chapters cc ON cc.classroom_id = c.id AND cc.chapter_id = l.chapter_id WHERE c.id = 1`,
    );
    const s = await newStudent(code.toLowerCase());
    const [user] = await t.db.query<{ role: string; current_classroom_id: number; name: string }>(
      `SELECT role, current_classroom_id, name FROM users WHERE id = $1`,
      [s.id],
    );
    expect(user).toMatchObject({ role: 'STUDENT', current_classroom_id: 1 });
    expect(await t.db.query(`SELECT 1 FROM classroom_students WHERE classroom_id = 1 AND user_id = $1`, [s.id])).toHaveLength(1);
    expect(await t.db.query(`SELECT 1 FROM activities WHERE user_id = $1 AND type = 'REGISTER' AND classroom_id = 1`, [s.id])).toHaveLength(
      1,
    );
    expect(expected!.n).toBeGreaterThan(0);
    expect((await licences()) - before).toBe(expected!.n);
    // The tokens work on the students' calls.
    expect((await inject('GET', 'student/lessons', s.headers)).statusCode).toBe(200);
  });

  it('refuses an unknown class code in Dutch', async () => {
    const res = await register({ accessCode: 'ZZZZZZZ', email: 'x@leerling.example', password: PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(UNKNOWN_CODE);
  });

  it('refuses a taken e-mail address (any case) with 409', async () => {
    const res = await register({ accessCode: code, email: LEERLING.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(EMAIL_TAKEN);
  });

  it('answers 400 with a reason for a short password, a bad e-mail or a missing field', async () => {
    const short = await register({ accessCode: code, email: 'kort@leerling.example', password: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/minstens 8 tekens/);
    const bad = await register({ accessCode: code, email: 'geen-adres', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/e-mailadres/);
    const missing = await register({ accessCode: code, password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/email/);
  });

  it('accepts the class code of another school: the new account belongs to that school', async () => {
    const s = await newStudent(otherCode);
    const [m] = await t.db.query<{ organisation_id: number }>(`SELECT organisation_id FROM memberships WHERE user_id = $1`, [s.id]);
    expect(m?.organisation_id).toBe(2);
  });

  it('logs a LOGIN activity per class when a student signs in, none for a teacher', async () => {
    const s = await newStudent();
    await t.login(s.email, PASSWORD);
    expect(await t.db.query(`SELECT 1 FROM activities WHERE user_id = $1 AND type = 'LOGIN' AND classroom_id = 1`, [s.id])).toHaveLength(1);
    await t.login(DOCENT);
    expect(await t.db.query(`SELECT 1 FROM activities WHERE user_id = 1 AND type = 'LOGIN'`)).toHaveLength(0);
  });
});

describe('who may call', () => {
  it('refuses a teacher token on student routes with 403', async () => {
    const res = await inject('POST', 'student/quizResults', await t.as(DOCENT), { lessonId: 1, title: 'x', good: 1, total: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Deze functie is alleen voor leerlingen.');
    expect((await inject('GET', 'student/lessons', await t.as(DOCENT))).statusCode).toBe(403);
  });

  it('refuses a student token on portal routes with 403', async () => {
    const s = await newStudent();
    expect((await inject('GET', 'classrooms/school', s.headers)).statusCode).toBe(403);
    expect((await inject('GET', 'push/publicKey', s.headers)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await inject('GET', 'student/lessons', {})).statusCode).toBe(401);
  });
});

describe('student/lessons and check requests of a registered student', () => {
  it('lists the lessons of the class and lets the new student ask for and withdraw a check', async () => {
    const s = await newStudent();
    const lessons = (await inject('GET', 'student/lessons', s.headers)).json() as StudentLesson[];
    expect(lessons.length).toBeGreaterThan(0);
    const asked = await inject('POST', 'student/checkRequests', s.headers, { lessonId: lessons[0]!.id });
    expect(asked.statusCode).toBe(200);
    expect(
      await t.db.query(`SELECT 1 FROM activities WHERE user_id = $1 AND type = 'CHECK_REQUEST' AND classroom_id = 1`, [s.id]),
    ).toHaveLength(1);
    const cancel = await inject('POST', `student/checkRequests/${asked.json().id}/cancel`, s.headers);
    expect(cancel.statusCode).toBe(200);
  });
});

describe('student/portfolioItems', () => {
  const blocks = [
    { key: 'opdracht-1', type: 'FILE', items: [{ indexNumber: 1, description: 'Foto van mijn poster' }] },
    { key: 'reflectie', type: 'REFLECTION', items: [{ indexNumber: 1, subtitle: 'Wat heb je geleerd?', value: 'Veel.' }] },
  ];

  it('saves a draft without an activity, then submits it as the same item with a PORTFOLIO_ITEM activity', async () => {
    const s = await newStudent();
    const lessonId = await lessonOfClass1();
    const draft = await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks, submit: false });
    expect(draft.statusCode, draft.body).toBe(200);
    const item = draft.json() as StudentPortfolioItem;
    expect(item.submittedAt).toBeNull();
    expect(item.blocks.map((b) => [b.key, b.type, b.isSubmitted])).toEqual([
      ['opdracht-1', 'FILE', false],
      ['reflectie', 'REFLECTION', false],
    ]);
    expect(await t.db.query(`SELECT 1 FROM activities WHERE user_id = $1 AND type = 'PORTFOLIO_ITEM'`, [s.id])).toHaveLength(0);

    const changed = [
      blocks[0],
      { ...blocks[1], items: [{ indexNumber: 1, subtitle: 'Wat heb je geleerd?', value: 'Hoe een gemeente werkt.' }] },
    ];
    const sent = await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks: changed, submit: true });
    expect(sent.statusCode).toBe(200);
    const submitted = sent.json() as StudentPortfolioItem;
    expect(submitted.id).toBe(item.id);
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted.blocks.every((b) => b.isSubmitted)).toBe(true);
    expect(submitted.blocks[1]!.items[0]!.value).toBe('Hoe een gemeente werkt.');
    expect(
      await t.db.query(
        `SELECT 1 FROM activities WHERE user_id = $1 AND type = 'PORTFOLIO_ITEM' AND portfolio_item_id = $2 AND classroom_id = 1`,
        [s.id, item.id],
      ),
    ).toHaveLength(1);
    expect(await t.db.query(`SELECT 1 FROM portfolio_items WHERE user_id = $1`, [s.id])).toHaveLength(1);
    // The teacher sees it in the portal.
    const detail = await inject('GET', `portfolioItems/details/${item.id}`, await t.as(DOCENT));
    expect(detail.statusCode).toBe(200);
  });

  it('answers 400 for duplicate keys, a changed block type, a bad type or no blocks; 404 for an unknown lesson', async () => {
    const s = await newStudent();
    const lessonId = await lessonOfClass1();
    const dup = await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks: [blocks[0], blocks[0]], submit: true });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toMatch(/twee keer/);
    await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks, submit: false });
    const retype = await inject('POST', 'student/portfolioItems', s.headers, {
      lessonId,
      blocks: [{ ...blocks[1], type: 'FILE' }],
      submit: false,
    });
    expect(retype.statusCode).toBe(400);
    const badType = await inject('POST', 'student/portfolioItems', s.headers, {
      lessonId,
      blocks: [{ ...blocks[0], type: 'VIDEO' }],
      submit: false,
    });
    expect(badType.statusCode).toBe(400);
    expect((await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks: [], submit: false })).statusCode).toBe(400);
    const unknown = await inject('POST', 'student/portfolioItems', s.headers, { lessonId: 999999, blocks, submit: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Deze les bestaat niet.');
  });

  it('attaches one image to the FILE block; refuses other types (415), too large (413), someone else’s item (404)', async () => {
    const s = await newStudent();
    const other = await newStudent();
    const lessonId = await lessonOfClass1();
    const item = (
      await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks, submit: true })
    ).json() as StudentPortfolioItem;
    const up = async (name: string, bytes: Buffer, headers = s.headers, id = item.id) => {
      const body = await multipart(name, bytes);
      return t.fastify.inject({
        method: 'POST',
        url: `/api/student/portfolioItems/${id}/image`,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const ok = await up('poster.png', PNG);
    expect(ok.statusCode, ok.body).toBe(200);
    const [file] = await t.db.query<{ mime: string; owner_id: number }>(`SELECT mime, owner_id FROM files WHERE id = $1`, [
      ok.json().fileId,
    ]);
    expect(file).toEqual({ mime: 'image/png', owner_id: s.id });
    const again = (
      await inject('POST', 'student/portfolioItems', s.headers, { lessonId, blocks, submit: false })
    ).json() as StudentPortfolioItem;
    expect(again.blocks[0]!.items[0]!.hasFile).toBe(true);
    // A second image replaces the first.
    const second = await up('poster.png', PNG);
    expect(await t.db.query(`SELECT 1 FROM files WHERE id = $1`, [ok.json().fileId])).toHaveLength(0);
    expect(second.statusCode).toBe(200);

    const pdf = await up('poster.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe(IMAGES_ONLY);
    const fake = await up('poster.png', Buffer.from('geen plaatje'));
    expect(fake.statusCode).toBe(415);
    const big = await up('groot.png', Buffer.concat([PNG, Buffer.alloc(8192)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/te groot/);
    expect((await up('poster.png', PNG, other.headers)).statusCode).toBe(404);
    const json = await inject('POST', `student/portfolioItems/${item.id}/image`, s.headers, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('student/quizResults', () => {
  it('stores the result with a QUIZ activity, shown on the student’s results tab', async () => {
    const s = await newStudent();
    const lessonId = await lessonOfClass1();
    const res = await inject('POST', 'student/quizResults', s.headers, { lessonId, title: 'Oefentoets gemeente', good: 7, total: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().percentage).toBe(70);
    expect(
      await t.db.query(`SELECT 1 FROM activities WHERE user_id = $1 AND type = 'QUIZ' AND classroom_id = 1 AND quiz_result_id = $2`, [
        s.id,
        res.json().id,
      ]),
    ).toHaveLength(1);
    const tab = (await inject('GET', `students/quizResults/${s.id}`, await t.as(DOCENT))).json() as QuizResult[];
    expect(tab[0]).toMatchObject({ title: 'Oefentoets gemeente', good: 7, total: 10, percentage: 70 });
  });

  it('answers 400 when good > total, total < 1, the title is empty or a number is missing', async () => {
    const s = await newStudent();
    const lessonId = await lessonOfClass1();
    const post = (body: object) => inject('POST', 'student/quizResults', s.headers, body);
    const more = await post({ lessonId, title: 'x', good: 11, total: 10 });
    expect(more.statusCode).toBe(400);
    expect(more.json().error.message).toMatch(/niet meer vragen goed/);
    expect((await post({ lessonId, title: 'x', good: 0, total: 0 })).statusCode).toBe(400);
    expect((await post({ lessonId, title: '  ', good: 1, total: 2 })).statusCode).toBe(400);
    expect((await post({ lessonId, title: 'x', total: 2 })).statusCode).toBe(400);
    expect((await post({ lessonId, title: 'x', good: -1, total: 2 })).statusCode).toBe(400);
    expect((await post({ lessonId: 999999, title: 'x', good: 1, total: 2 })).statusCode).toBe(404);
  });
});

describe('student/studyLevel', () => {
  it('changes the level by key or by label', async () => {
    const s = await newStudent();
    const byKey = await inject('POST', 'student/studyLevel', s.headers, { level: 'kader' });
    expect(byKey.json()).toMatchObject({ studyLevel: 'kader' });
    const byLabel = await inject('POST', 'student/studyLevel', s.headers, { level: 'GL en TL' });
    expect(byLabel.json()).toMatchObject({ studyLevel: 'gl-tl' });
    const [row] = await t.db.query<{ study_level: string }>(`SELECT study_level FROM users WHERE id = $1`, [s.id]);
    expect(row?.study_level).toBe('gl-tl');
  });

  it('answers 400 for an unknown level and 403 when the teacher turned switching off', async () => {
    const s = await newStudent();
    const unknown = await inject('POST', 'student/studyLevel', s.headers, { level: 'havo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Onbekend niveau: havo.');
    expect((await inject('POST', 'student/studyLevel', s.headers, {})).statusCode).toBe(400);
    await t.db.query(`UPDATE users SET can_switch_study_level = false WHERE id = $1`, [s.id]);
    const locked = await inject('POST', 'student/studyLevel', s.headers, { level: 'kader' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe(LEVEL_LOCKED);
  });
});
