/**
 * Exams (part 2 §7 Exams): the method's exams with their files, and short-lived download links.
 * Exams belong to the publisher (no organisation_id); every teacher may read them.
 */
import type { api } from '../../src/api/catalogue';
import type { Exam } from '../../src/api/exams/types';
import { EXAM_LINK_SECONDS, signedFileUrl } from '../files/signed-url';
import { notFound } from '../http-error';
import type { Handlers } from './handler';

// Part 2 §9: per subject, B-KGT and BASIS first, KGT last.
const VARIANT_ORDER: Record<Exam['variant'], number> = { 'B-KGT': 0, BASIS: 1, KGT: 2 };
const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

interface ExamRow {
  id: number;
  title: string;
  variant: Exam['variant'];
  section_name: string;
  content_file_id: string;
  answer_file_id: string;
  published_at: Date;
  updated_at: Date;
  hidden: boolean;
}

export function sortExams(exams: Exam[]): Exam[] {
  // Sorted here rather than in SQL so PGlite and a PostgreSQL with another collation agree.
  return [...exams].sort(
    (a, b) =>
      collator.compare(a.sectionName, b.sectionName) ||
      VARIANT_ORDER[a.variant] - VARIANT_ORDER[b.variant] ||
      collator.compare(a.title, b.title) ||
      a.id - b.id,
  );
}

export const examsHandlers: Handlers<typeof api.exams> = {
  list: async ({ db }) => {
    const rows = await db.query<ExamRow>(
      `SELECT e.id, e.title, e.variant, s.name AS section_name, e.content_file_id, e.answer_file_id, e.published_at, e.updated_at, e.hidden
         FROM exams e JOIN sections s ON s.id = e.section_id
        WHERE NOT e.hidden`,
    );
    return sortExams(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        variant: r.variant,
        sectionName: r.section_name,
        contentFileId: r.content_file_id,
        answerFileId: r.answer_file_id,
        createdAtText: new Date(r.published_at).toISOString(),
        updatedAtText: new Date(r.updated_at).toISOString(),
        hidden: r.hidden,
      })),
    );
  },

  request: async ({ db, params, app, user }) => {
    const [file] = await db.query<{ id: string; organisation_id: number | null }>(
      `SELECT f.id, f.organisation_id FROM files f
        WHERE f.id = $1 AND EXISTS (SELECT 1 FROM exams e WHERE NOT e.hidden AND (e.content_file_id = f.id OR e.answer_file_id = f.id))`,
      [params.fileId],
    );
    if (!file) throw notFound('Dit toetsbestand is niet gevonden.');
    return { downloadUrl: signedFileUrl(app.tokens.secret, file.id, file.organisation_id, user.id, app.now(), EXAM_LINK_SECONDS) };
  },
};
