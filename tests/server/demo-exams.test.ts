/** The demo's exams and answer models ask about their own module, per variant (issue 28 item 16). */
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DEMO_EXAMS } from '../../server/db/demo/files';
import { examModule, examQuestions, examSubject, renderDemoPdf } from '../../server/pdf/demo-pdf';

const FONTS = join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, standardFontDataUrl: FONTS }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

describe('demo exams', () => {
  it('gives every exam in every variant questions of its own: no two exams share their question list', () => {
    const lists = DEMO_EXAMS.map((e) => examQuestions(e));
    for (const [i, list] of lists.entries()) {
      expect(list.length, `${DEMO_EXAMS[i]!.title} (${DEMO_EXAMS[i]!.variant})`).toBeGreaterThanOrEqual(4);
      for (const [q, a] of list) {
        expect(q).toMatch(/^[A-Z"].*[?.]$/);
        expect(a).toMatch(/\.$/);
      }
    }
    const keys = lists.map((l) => JSON.stringify(l.map(([q]) => q)));
    expect(new Set(keys).size).toBe(DEMO_EXAMS.length);
    // No question is asked in two exams either: each module (and variant) has its own.
    const questions = lists.flat().map(([q]) => q);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('names its subject and module in the exam and the answer model, with the answers only in the latter', async () => {
    for (const e of DEMO_EXAMS) {
      const what = `${e.title} (${e.variant})`;
      const exam = await pdfText(await renderDemoPdf(what, 'exam', e));
      const answers = await pdfText(await renderDemoPdf(`Antwoordmodel ${what}`, 'answers', e));
      const [[question, answer]] = examQuestions(e) as [[string, string]];
      for (const text of [exam, answers]) {
        expect(text, what).toContain(`Vak: ${examSubject(e)}`);
        expect(text, what).toContain(`Module: ${examModule(e)}`);
        expect(text, what).toContain(`Variant: ${e.variant}`);
        expect(text, what).toContain(question.slice(0, 30));
      }
      expect(answers).toContain(answer.slice(0, 30));
      expect(exam).not.toContain(answer.slice(0, 30));
    }
    expect(examSubject(DEMO_EXAMS.find((e) => e.title === 'Toets Media')!)).toBe('Maatschappijleer 1');
    expect(examSubject(DEMO_EXAMS.find((e) => e.title === 'Toets Duurzaamheid')!)).toBe('Burgerschap');
  });
});
