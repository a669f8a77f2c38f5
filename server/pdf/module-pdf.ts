/** The print version of one module (part 2 'Modules printen') as a PDF, per the chosen switches. */
import { PdfWriter } from './writer';

export interface PrintOptions {
  showContent: boolean;
  showPictures: boolean;
  showAssignmentLines: boolean;
  showAssignments: boolean;
  showAnswers: boolean;
  showTerms: boolean;
  showDefinitions: boolean;
  showDefinitionLines: boolean;
  studyLevel: string;
}

interface PrintLesson {
  title: string;
  image: string | null;
  content: string;
  assignments: { question: string; answer: string }[];
  terms: { term: string; definition: string }[];
}

export interface PrintModule {
  sectionName: string;
  chapterName: string;
  levelLabel: string;
  lessons: PrintLesson[];
}

export async function renderModulePdf(m: PrintModule, o: PrintOptions): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(`${m.chapterName} (${m.levelLabel})`);
  pdf.text(m.sectionName, { size: 12, grey: true, after: 2 });
  pdf.heading(m.chapterName, 1);
  pdf.text(`Niveau: ${m.levelLabel}`, { size: 11, grey: true, after: 18 });
  m.lessons.forEach((lesson, i) => {
    if (i > 0) pdf.pageBreak();
    pdf.heading(`${i + 1}. ${lesson.title}`, 2);
    if (o.showContent && lesson.content) pdf.text(lesson.content, { after: 10 });
    if ((o.showAssignments || o.showAnswers) && lesson.assignments.length > 0) {
      pdf.heading('Opdrachten', 3);
      lesson.assignments.forEach((a, n) => {
        if (o.showAssignments) pdf.text(`${n + 1}. ${a.question}`, { after: 4 });
        if (o.showAssignments && o.showAssignmentLines && !o.showAnswers) pdf.writingLines(3, 14);
        if (o.showAnswers)
          pdf.text(`${o.showAssignments ? 'Antwoord' : `Antwoord ${n + 1}`}: ${a.answer}`, { italic: true, indent: 14, after: 8 });
      });
    }
    if (o.showTerms && lesson.terms.length > 0) {
      pdf.heading('Begrippen', 3);
      for (const t of lesson.terms) {
        pdf.text(t.term, { bold: true, after: 2 });
        if (o.showDefinitions) pdf.text(t.definition, { indent: 14, after: 6 });
        else if (o.showDefinitionLines) pdf.writingLines(2, 14);
      }
    }
  });
  return pdf.save(`${m.chapterName} - ${m.levelLabel}`);
}
