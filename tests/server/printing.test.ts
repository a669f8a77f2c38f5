import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '../../src/api/printing/types';
import { renderModulePdf } from '../../server/pdf/module-pdf';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const OTHER_SCHOOL = 'k.mulder@delinde.nl';
const FONTS = join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/');
let t: TestApp;
let clock = new Date();
let chapter: { id: number; name: string; levels: string[]; firstLessonId: number; titles: string[] };

beforeAll(async () => {
  t = await createTestApp({}, () => clock);
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
    DOCENT,
    OTHER_SCHOOL,
  ]);
  const [c] = await t.db.query<{ id: number; name: string; levels: string[] }>(
    `SELECT id, name, levels FROM chapters WHERE cardinality(levels) = 3 ORDER BY id LIMIT 1`,
  );
  const lessons = await t.db.query<{ id: number; title: string }>(
    `SELECT id, title FROM lessons WHERE chapter_id = $1 ORDER BY position, id`,
    [c!.id],
  );
  chapter = { ...c!, firstLessonId: lessons[0]!.id, titles: lessons.map((l) => l.title) };
});
afterAll(() => t.close());

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const ALL_ON =
  'showContent=1&showPictures=1&showAssignmentLines=0&showAssignments=1&showAnswers=1&showTerms=1&showDefinitions=1&showDefinitionLines=0';

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, standardFontDataUrl: FONTS }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages;
}

describe('chapters/levels', () => {
  it('maps the module’s levels to the configured labels', async () => {
    const res = await get(`chapters/levels/${chapter.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json() as Level[]).toEqual([
      { key: 'basis', value: 'Basis' },
      { key: 'kader', value: 'Kader' },
      { key: 'gl-tl', value: 'GL en TL' },
    ]);
    expect((await get('chapters/levels/999999')).statusCode).toBe(404);
    expect((await get('chapters/levels/abc')).statusCode).toBe(400);
  });
});

describe('print a module', () => {
  it('stores a job with a random hash and serves the print page and the PDF', async () => {
    const res = await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?${ALL_ON}&studyLevel=gl-tl`);
    expect(res.statusCode).toBe(200);
    const { hash } = res.json() as { hash: string };
    expect(hash).toMatch(/^[\w-]{32}$/);
    const [job] = await t.db.query<{ organisation_id: number; chapter_id: number; options: Record<string, unknown> }>(
      `SELECT * FROM print_jobs WHERE hash = $1`,
      [hash],
    );
    expect(job).toMatchObject({
      organisation_id: 1,
      chapter_id: chapter.id,
      options: { studyLevel: 'gl-tl', showContent: true, showAssignmentLines: false },
    });

    const page = await t.fastify.inject({ method: 'GET', url: `/print/${hash}?generateChapter=1&studyLevel=gl-tl&${ALL_ON}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('@media print');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('Niveau: GL en TL');
    for (const title of chapter.titles)
      expect(page.body).toContain(title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    expect(page.body).toContain('Antwoord:');
    // One download button, the app's (next to this embedded page): the page has none of its own.
    expect(page.body).not.toMatch(/<a [^>]*download|Download als PDF/);

    const pdf = await t.fastify.inject({ method: 'GET', url: `/api/print/${hash}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(pdf.rawPayload))).join('\n');
    expect(text).toContain(chapter.name);
    for (const title of chapter.titles) expect(text).toContain(title);
  });

  it('leaves out what is switched off', async () => {
    const { hash } = (
      await get(
        `chapterLessons/requestDownload/${chapter.firstLessonId}?showContent=1&showAssignments=1&showAssignmentLines=1&showAnswers=0&showTerms=0&studyLevel=Basis`,
      )
    ).json() as { hash: string };
    const page = await t.fastify.inject({ method: 'GET', url: `/print/${hash}?generateChapter=1` });
    expect(page.body).toContain('Niveau: Basis');
    expect(page.body).not.toContain('Antwoord:');
    expect(page.body).not.toContain('Begrippen');
    expect(page.body).toContain('class="lines"');
  });

  it('refuses a level the module does not have or no level (400), an unknown lesson (404) and students', async () => {
    const bad = await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?showContent=1&studyLevel=havo`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/niveau/i);
    expect((await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?showContent=1`)).statusCode).toBe(400);
    expect((await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?showContent=2&studyLevel=basis`)).statusCode).toBe(400);
    expect((await get('chapterLessons/requestDownload/999999?studyLevel=basis')).statusCode).toBe(404);
    expect((await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?studyLevel=basis`, LEERLING)).statusCode).toBe(403);
  });

  it('works only for the school that asked: another school’s token, a wrong or an expired hash get nothing', async () => {
    const { hash } = (await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?showContent=1&studyLevel=kader`)).json() as {
      hash: string;
    };
    const other = { authorization: (await t.as(OTHER_SCHOOL)).authorization };
    expect((await t.fastify.inject({ method: 'GET', url: `/print/${hash}`, headers: other })).statusCode).toBe(404);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/print/${hash}.pdf`, headers: other })).statusCode).toBe(404);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/print/${hash}.pdf`, headers: await t.as(DOCENT) })).statusCode).toBe(200);
    expect((await t.fastify.inject({ method: 'GET', url: `/print/${hash.slice(0, -1)}x` })).statusCode).toBe(404);
    clock = new Date(Date.now() + 25 * 3_600_000);
    const expired = await t.fastify.inject({ method: 'GET', url: `/print/${hash}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('verlopen');
    clock = new Date();
  });
});

describe('what cannot be printed (issue 28 items 20, 28)', () => {
  it('refuses a print with every switch off and says what to switch on, storing no job', async () => {
    const [{ n: before }] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM print_jobs`)) as [{ n: number }];
    const off =
      'showContent=0&showPictures=0&showAssignmentLines=0&showAssignments=0&showAnswers=0&showTerms=0&showDefinitions=0&showDefinitionLines=0';
    for (const query of [off, 'showAssignmentLines=1&showDefinitionLines=1&showDefinitions=1']) {
      const res = await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?${query}&studyLevel=basis`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        'Zet minstens één schakelaar aan: Lesstof, Opdrachten of Antwoorden. Anders staat er niets in de printversie.',
      );
    }
    const [{ n: after }] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM print_jobs`)) as [{ n: number }];
    expect(after).toBe(before);
    expect((await get(`chapterLessons/requestDownload/${chapter.firstLessonId}?showAnswers=1&studyLevel=basis`)).statusCode).toBe(200);
  });

  it('refuses a module of an inactive subject, which the print page does not offer', async () => {
    const [lesson] = await t.db.query<{ id: number; level: string }>(
      `SELECT l.id, c.levels[1] AS level FROM lessons l JOIN chapters c ON c.id = l.chapter_id JOIN sections s ON s.id = c.section_id
        WHERE NOT s.active ORDER BY l.position, l.id LIMIT 1`,
    );
    expect(lesson).toBeDefined();
    const res = await get(`chapterLessons/requestDownload/${lesson!.id}?${ALL_ON}&studyLevel=${lesson!.level}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Dit vak is niet meer actief; de modules ervan kun je niet printen.');
  });
});

describe('PDF text', () => {
  it('replaces characters the standard fonts cannot encode instead of failing', async () => {
    const bytes = await renderModulePdf(
      {
        sectionName: 'Vak',
        chapterName: 'Łódź → Ankara ≥ 3 🙂',
        levelLabel: 'Basis',
        lessons: [
          {
            title: 'Les één – “quotes” ș',
            image: null,
            content: 'Tekst\n\nMet alinea’s en € en ‘aanhalingstekens’.',
            assignments: [{ question: 'Vraag?', answer: 'Antwoord ✓' }],
            terms: [{ term: 'Begrip', definition: 'Uitleg' }],
          },
        ],
      },
      {
        showContent: true,
        showPictures: false,
        showAssignmentLines: true,
        showAssignments: true,
        showAnswers: true,
        showTerms: true,
        showDefinitions: true,
        showDefinitionLines: false,
        studyLevel: 'basis',
      },
    );
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain('Lódz -> Ankara >= 3 ?');
    expect(text).toContain('Les één – “quotes” s');
    expect(text).toContain('€');
  });
});
