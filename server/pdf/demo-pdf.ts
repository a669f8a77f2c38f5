/** Stand-in PDFs for the demo's exam files, answer models and shared documents. */
import { PdfWriter } from './writer';

export type DemoPdfKind = 'document' | 'exam' | 'answers';

const QUESTIONS: readonly [string, string][] = [
  ['Noem twee kenmerken van een democratie.', 'Bijvoorbeeld: vrije verkiezingen en vrijheid van meningsuiting.'],
  ['Leg uit wat het verschil is tussen een wet en een regel thuis.', 'Een wet geldt voor iedereen in het land en wordt door de overheid gemaakt; een regel thuis alleen in het gezin.'],
  ['Geef een voorbeeld van een maatschappelijk probleem en noem wie er iets aan kan doen.', 'Eigen antwoord, bijvoorbeeld zwerfafval: de gemeente, burgers en bedrijven.'],
  ['Wat betekent het begrip "pluriforme samenleving"?', 'Een samenleving met veel verschillende groepen, culturen en opvattingen.'],
  ['Waarom is een onafhankelijke rechter belangrijk?', 'Zodat iedereen een eerlijk proces krijgt en de macht van de overheid wordt beperkt.'],
];

export async function renderDemoPdf(title: string, kind: DemoPdfKind): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(title);
  pdf.text('Maatschappijwijzer', { size: 10, grey: true, after: 2 });
  pdf.heading(title, 1);
  if (kind === 'document') {
    pdf.text('Lesmateriaal gedeeld door een collega. Gebruik het vrij in je eigen lessen.', { after: 12 });
    pdf.heading('Opdrachten', 3);
    QUESTIONS.slice(0, 3).forEach(([q], i) => {
      pdf.text(`${i + 1}. ${q}`, { after: 4 });
      pdf.writingLines(3, 14);
    });
  } else {
    if (kind === 'answers') pdf.text('Antwoordmodel', { size: 14, bold: true, after: 10 });
    else pdf.text('Naam: ____________________   Klas: ________   Datum: ____________', { after: 14 });
    QUESTIONS.forEach(([q, a], i) => {
      pdf.text(`Vraag ${i + 1} (2 punten). ${q}`, { after: 4 });
      if (kind === 'answers') pdf.text(a, { italic: true, indent: 14, after: 10 });
      else pdf.writingLines(3, 14);
    });
  }
  return pdf.save(kind === 'answers' ? `Antwoordmodel - ${title}` : title);
}
