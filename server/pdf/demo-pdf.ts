/** Stand-in PDFs for the demo's exam files, answer models and shared documents. */
import { SECTIONS } from '../db/demo/content';
import type { DemoExam } from '../db/demo/files';
import { DEMO_EXAM_QUESTIONS, type QuestionList } from './demo-exam-questions';
import { PdfWriter } from './writer';

export type DemoPdfKind = 'document' | 'exam' | 'answers';

/** The tasks on a shared worksheet (a colleague's own material, not an exam of the method). */
const WORKSHEET: readonly string[] = [
  'Noem twee kenmerken van een democratie.',
  'Leg uit wat het verschil is tussen een wet en een regel thuis.',
  'Geef een voorbeeld van een maatschappelijk probleem en noem wie er iets aan kan doen.',
];

/** The questions of one exam in one variant; an exam the list does not know has none (the test guards this). */
export function examQuestions(exam: Pick<DemoExam, 'title' | 'variant'>): QuestionList {
  return DEMO_EXAM_QUESTIONS[exam.title]?.[exam.variant] ?? [];
}

/** The subject (section) of a demo exam, as the exams page names it. */
export const examSubject = (exam: Pick<DemoExam, 'section'>): string => SECTIONS[exam.section - 1]?.name ?? '';

/** The module an exam is about: its title without 'Toets '. */
export const examModule = (exam: Pick<DemoExam, 'title'>): string => exam.title.replace(/^Toets /, '');

export async function renderDemoPdf(title: string, kind: DemoPdfKind, exam?: DemoExam): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(title);
  pdf.text('Maatschappijwijzer', { size: 10, grey: true, after: 2 });
  pdf.heading(title, 1);
  if (kind === 'document' || !exam) {
    pdf.text('Lesmateriaal gedeeld door een collega. Gebruik het vrij in je eigen lessen.', { after: 12 });
    pdf.heading('Opdrachten', 3);
    WORKSHEET.forEach((q, i) => {
      pdf.text(`${i + 1}. ${q}`, { after: 4 });
      pdf.writingLines(3, 14);
    });
  } else {
    pdf.text(`Vak: ${examSubject(exam)}   Module: ${examModule(exam)}   Variant: ${exam.variant}`, { size: 10, after: 8 });
    if (kind === 'answers') pdf.text('Antwoordmodel', { size: 14, bold: true, after: 10 });
    else pdf.text('Naam: ____________________   Klas: ________   Datum: ____________', { after: 14 });
    examQuestions(exam).forEach(([q, a], i) => {
      pdf.text(`Vraag ${i + 1} (2 punten). ${q}`, { after: 4 });
      if (kind === 'answers') pdf.text(a, { italic: true, indent: 14, after: 10 });
      else pdf.writingLines(3, 14);
    });
  }
  return pdf.save(kind === 'answers' ? `Antwoordmodel - ${title}` : title);
}
