/**
 * Exams (part 2 §7 Exams): the method's exams with their files, and short-lived download links.
 * Exams belong to the publisher (no organisation_id); every teacher may read them.
 */
import type { api } from '../../../src/api/catalogue';
import type { Exam } from '../../../src/api/exams/types';
import { EXAM_LINK_SECONDS, signedFileUrl } from '../../files/signed-url';
import type { Handlers } from '../../http/handler';
import { notFound } from '../../http-error';
import { examFile, visibleExams } from './queries';

// Part 2 §9: per subject, B-KGT and BASIS first, KGT last.
const VARIANT_ORDER: Record<Exam['variant'], number> = { 'B-KGT': 0, BASIS: 1, KGT: 2 };
const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

function sortExams(exams: Exam[]): Exam[] {
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
  list: async ({ db }) =>
    sortExams(
      (await visibleExams(db)).map((r) => ({
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
    ),

  request: async ({ db, params, app, user }) => {
    const file = await examFile(db, params.fileId);
    if (!file) throw notFound('Dit toetsbestand is niet gevonden.');
    // The page navigates to this link (part 2 §7): a download, not a PDF that replaces the app.
    return {
      downloadUrl: `${signedFileUrl(app.tokens.secret, file.id, file.organisation_id, user.id, app.now(), EXAM_LINK_SECONDS)}&download=1`,
    };
  },
};
