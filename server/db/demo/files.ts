/**
 * The files of the demo (shared teaching material and exams). Pure data so that demoFiles() can
 * describe them without a database; seed.ts inserts rows from the same lists.
 */

export interface DemoDocument {
  /** E-mail of the owning teacher. */
  owner: string;
  title: string;
  hidden?: boolean;
  files: readonly { id: string; filename: string; title: string; size: number }[];
}

/** A document's file as [filename, title, size in bytes]; the ids are numbered in list order (demo-doc-1, …). */
type FileSource = readonly [filename: string, title: string, size: number];

const DOCUMENT_SOURCES: readonly (Omit<DemoDocument, 'files'> & { files: readonly FileSource[] })[] = [
  {
    owner: 'docent@demoschool.nl',
    title: 'Werkblad verkiezingen groep 2',
    files: [
      ['werkblad-verkiezingen.pdf', 'Werkblad verkiezingen', 48_213],
      ['stemwijzer-klas.pdf', 'Klassenstemwijzer', 102_877],
    ],
  },
  { owner: 'docent@demoschool.nl', title: 'Debatkaarten pluriforme samenleving', files: [['debatkaarten.pdf', 'Debatkaarten', 76_540]] },
  {
    owner: 'collega@demoschool.nl',
    title: 'Nepnieuws-quiz met antwoorden',
    files: [
      ['nepnieuws-quiz.pdf', 'Quiz', 33_102],
      ['nepnieuws-quiz-antwoorden.pdf', 'Antwoorden', 29_877],
    ],
  },
  { owner: 'l.bakker@hetbaken.nl', title: 'Stappenplan rechtszaak naspelen', files: [['rechtszaak-naspelen.pdf', 'Stappenplan', 61_004]] },
  { owner: 'm.bouzid@hetbaken.nl', title: 'Ideeën voor de projectweek duurzaamheid', files: [] },
  {
    owner: 'e.visser@hetbaken.nl',
    title: 'Oude toets werk en inkomen (niet meer gebruiken)',
    hidden: true,
    files: [['toets-werk-oud.pdf', 'Oude toets', 54_330]],
  },
];

export const DEMO_DOCUMENTS: readonly DemoDocument[] = DOCUMENT_SOURCES.map((d, i) => {
  const before = DOCUMENT_SOURCES.slice(0, i).reduce((n, other) => n + other.files.length, 0);
  return { ...d, files: d.files.map(([filename, title, size], j) => ({ id: `demo-doc-${before + j + 1}`, filename, title, size })) };
});

export type ExamVariant = 'B-KGT' | 'BASIS' | 'KGT';

export interface DemoExam {
  /** 1-based section position. */
  section: number;
  title: string;
  variant: ExamVariant;
  hidden?: boolean;
}

const exam = (section: number, title: string, variants: readonly ExamVariant[], hiddenVariant?: ExamVariant) =>
  variants.map((variant): DemoExam => ({ section, title, variant, ...(variant === hiddenVariant ? { hidden: true } : {}) }));

export const DEMO_EXAMS: readonly DemoExam[] = [
  ...exam(1, 'Toets Wat is maatschappijleer?', ['BASIS', 'KGT']),
  ...exam(1, 'Toets Jongeren', ['B-KGT']),
  ...exam(1, 'Toets Media', ['BASIS', 'KGT']),
  ...exam(2, 'Toets Politiek en democratie', ['B-KGT', 'BASIS', 'KGT']),
  ...exam(2, 'Toets Pluriforme samenleving', ['BASIS', 'KGT'], 'BASIS'),
  ...exam(2, 'Toets Criminaliteit en rechtsstaat', ['BASIS', 'KGT']),
  ...exam(3, 'Toets Duurzaamheid', ['B-KGT', 'KGT']),
  ...exam(3, 'Toets Mensenrechten', ['KGT']),
];

export const examFileIds = (n: number) => ({ content: `demo-exam-${n}`, answers: `demo-exam-${n}-antwoorden` });
export const examFilename = (e: DemoExam, answers: boolean) =>
  `${e.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${e.variant.toLowerCase()}${answers ? '-antwoorden' : ''}.pdf`;

const PHOTO_NAMES = [
  'poster-verkiezingen',
  'grafiek-stemgedrag',
  'woordweb-democratie',
  'poster-rechtsstaat',
  'grafiek-nieuwsbronnen',
  'woordweb-duurzaamheid',
];

/**
 * Photos of students' work in the portfolio FILE blocks; the bytes are drawn by server/files/demo-png.ts.
 * 36 of them, each as heavy as a photo, so an offline copy of the demo school weighs what a real one does.
 */
export const DEMO_IMAGES: readonly { id: string; filename: string }[] = Array.from({ length: 36 }, (_, i) => {
  const name = PHOTO_NAMES[i % PHOTO_NAMES.length] as string;
  const round = Math.floor(i / PHOTO_NAMES.length);
  return { id: `demo-foto-${i + 1}`, filename: round === 0 ? `${name}.png` : `${name}-${round + 1}.png` };
});

/** The picture of a FILE block's item: fixed by the ids, so the seed's random sequence is not disturbed. */
export const demoImageFor = (blockId: number, index: number) => DEMO_IMAGES[(blockId + index) % DEMO_IMAGES.length]!.id;

export interface DemoFile {
  storageKey: string;
  kind: 'document' | 'exam' | 'answers' | 'image';
  title: string;
  /** For images: which picture (demo-png.ts). */
  picture?: number;
  /** For exams and answer models: which exam, so its PDF asks about its own module. */
  exam?: DemoExam;
}

/** Every file row the seeder creates, with its storage key. */
export function listDemoFiles(): DemoFile[] {
  const out: DemoFile[] = [];
  for (const doc of DEMO_DOCUMENTS) {
    for (const f of doc.files) out.push({ storageKey: `demo/${f.id}`, kind: 'document', title: `${doc.title}: ${f.title}` });
  }
  DEMO_IMAGES.forEach((img, i) => out.push({ storageKey: `demo/${img.id}`, kind: 'image', title: img.filename, picture: i }));
  DEMO_EXAMS.forEach((e, i) => {
    const n = i + 1;
    out.push({ storageKey: `demo/exam-${n}.pdf`, kind: 'exam', title: `${e.title} (${e.variant})`, exam: e });
    out.push({ storageKey: `demo/exam-${n}-antwoorden.pdf`, kind: 'answers', title: `Antwoordmodel ${e.title} (${e.variant})`, exam: e });
  });
  return out;
}
