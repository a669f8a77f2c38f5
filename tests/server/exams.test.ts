import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exam } from '../../src/api/exams/types';
import { DiskBlobStore } from '../../server/files/disk-store';
import { ensureDemoFiles } from '../../server/files/demo-files';
import { createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const OTHER_SCHOOL = 'k.mulder@delinde.nl';
const FONTS = join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/');
const RANK = { 'B-KGT': 0, BASIS: 1, KGT: 2 } as const;

let t: TestApp;
let dataDir: string;
let clock = new Date();
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exams-test-'));
  t = await createTestApp({ dataDir }, () => clock);
  // Exams are for schools with licences (issue 16); the second demo school is given them here.
  await t.db.query(`UPDATE organisations SET active = 1 WHERE id = 2`);
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
    DOCENT,
    OTHER_SCHOOL,
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });

async function firstPageText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, standardFontDataUrl: FONTS }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

describe('examinations/all', () => {
  it('lists visible exams by subject, then B-KGT and BASIS before KGT', async () => {
    const res = await get('examinations/all');
    expect(res.statusCode).toBe(200);
    const exams = res.json() as Exam[];
    const [{ n }] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM exams WHERE NOT hidden`)) as [{ n: number }];
    expect(exams).toHaveLength(n);
    expect(exams.every((e) => !e.hidden)).toBe(true);
    for (let i = 1; i < exams.length; i++) {
      const [a, b] = [exams[i - 1]!, exams[i]!];
      const bySection = a.sectionName.localeCompare(b.sectionName, 'nl');
      expect(bySection <= 0, `${a.sectionName} before ${b.sectionName}`).toBe(true);
      if (bySection === 0) expect(RANK[a.variant] <= RANK[b.variant], `${a.title} ${a.variant} before ${b.title} ${b.variant}`).toBe(true);
    }
    const first = exams.find((e) => e.sectionName === 'Maatschappijleer 2 (examenvak)')!;
    expect(first.variant).toBe('B-KGT');
    expect(first).toMatchObject({
      contentFileId: expect.stringMatching(/^demo-exam-\d+$/),
      answerFileId: expect.stringMatching(/-antwoorden$/),
    });
    expect(new Date(first.createdAtText).toISOString()).toBe(first.createdAtText);
    expect(new Date(first.updatedAtText).getTime()).toBeGreaterThanOrEqual(new Date(first.createdAtText).getTime());
  });

  it('refuses students', async () => {
    expect((await get('examinations/all', LEERLING)).statusCode).toBe(403);
  });
});

describe('examinations/request', () => {
  it('answers a short-lived signed link that downloads the exam as an attachment, for any school', async () => {
    const exam = ((await get('examinations/all')).json() as Exam[])[0]!;
    for (const who of [DOCENT, OTHER_SCHOOL]) {
      const res = await get(`examinations/request/${exam.answerFileId}`, who);
      expect(res.statusCode).toBe(200);
      const { downloadUrl } = res.json() as { downloadUrl: string };
      expect(downloadUrl).toMatch(new RegExp(`^/api/files/${exam.answerFileId}\\?u=\\d+&exp=\\d+&sig=`));
      const exp = Number(/exp=(\d+)/.exec(downloadUrl)![1]);
      expect(exp * 1000 - clock.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);

      const file = await t.fastify.inject({ method: 'GET', url: downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''.*-antwoorden\.pdf$/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const text = await firstPageText(new Uint8Array(file.rawPayload));
      expect(text).toContain('Antwoordmodel');
      expect(text).toContain(exam.title);
    }
  });

  it('stops working after five minutes', async () => {
    const exam = ((await get('examinations/all')).json() as Exam[])[0]!;
    const { downloadUrl } = (await get(`examinations/request/${exam.contentFileId}`)).json() as { downloadUrl: string };
    clock = new Date(Date.now() + 6 * 60_000);
    expect((await t.fastify.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(403);
    clock = new Date();
  });

  it('refuses a file that is not an exam file (404): a document file, a hidden exam, an unknown id', async () => {
    const [hidden] = await t.db.query<{ content_file_id: string }>(`SELECT content_file_id FROM exams WHERE hidden LIMIT 1`);
    for (const id of ['demo-doc-1', hidden!.content_file_id, 'bestaat-niet']) {
      const res = await get(`examinations/request/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('Dit toetsbestand is niet gevonden.');
    }
  });
});

describe('ensureDemoFiles', () => {
  it('writes a PDF for every demo file that has none yet and corrects the size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-files-'));
    const store = new DiskBlobStore(dir);
    const written = await ensureDemoFiles(t.db, store);
    const [{ n }] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM files WHERE storage_key LIKE 'demo/%'`)) as [
      { n: number },
    ];
    expect(written).toBe(n);
    expect(await ensureDemoFiles(t.db, store)).toBe(0);
    const [row] = await t.db.query<{ size: number }>(`SELECT size FROM files WHERE id = 'demo-exam-1'`);
    const stream = (await store.get('demo/exam-1.pdf'))!;
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).length).toBe(row!.size);
    await rm(dir, { recursive: true, force: true });
  });
});
