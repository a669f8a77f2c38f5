/** The exams area's SQL: the method's exams (no organisation: every teacher may read them) and their files. */
import type { Exam } from '../../../src/api/exams/types';
import type { Queryable } from '../../db/database';

export interface ExamRow {
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

export const visibleExams = (db: Queryable) =>
  db.query<ExamRow>(
    `SELECT e.id, e.title, e.variant, s.name AS section_name, e.content_file_id, e.answer_file_id, e.published_at, e.updated_at, e.hidden
       FROM exams e JOIN sections s ON s.id = e.section_id
      WHERE NOT e.hidden`,
  );

/** A file of a visible exam (its questions or its answers). */
export async function examFile(db: Queryable, fileId: string): Promise<{ id: string; organisation_id: number | null } | undefined> {
  const [file] = await db.query<{ id: string; organisation_id: number | null }>(
    `SELECT f.id, f.organisation_id FROM files f
      WHERE f.id = $1 AND EXISTS (SELECT 1 FROM exams e WHERE NOT e.hidden AND (e.content_file_id = f.id OR e.answer_file_id = f.id))`,
    [fileId],
  );
  return file;
}
