/** The printing area's SQL: a module's levels and lessons, and print jobs. */
import type { Queryable } from '../../db/database';
import type { PrintOptions } from '../../pdf/module-pdf';

export async function chapterLevels(db: Queryable, chapterId: number): Promise<string[] | undefined> {
  const [row] = await db.query<{ levels: string[] }>(`SELECT levels FROM chapters WHERE id = $1`, [chapterId]);
  return row?.levels;
}

/** The module of a lesson (the print dialog opens from a module's first lesson), with its levels. */
export async function chapterOfLesson(
  db: Queryable,
  lessonId: number,
): Promise<{ chapter_id: number; levels: string[]; section_active: boolean } | undefined> {
  const [lesson] = await db.query<{ chapter_id: number; levels: string[]; section_active: boolean }>(
    `SELECT l.chapter_id, c.levels, s.active AS section_active
       FROM lessons l JOIN chapters c ON c.id = l.chapter_id JOIN sections s ON s.id = c.section_id
      WHERE l.id = $1`,
    [lessonId],
  );
  return lesson;
}

export async function insertPrintJob(
  db: Queryable,
  job: { hash: string; organisationId: number; chapterId: number; options: PrintOptions; createdAt: Date },
): Promise<void> {
  await db.query(`INSERT INTO print_jobs (hash, organisation_id, chapter_id, options, created_at) VALUES ($1, $2, $3, $4, $5)`, [
    job.hash,
    job.organisationId,
    job.chapterId,
    JSON.stringify(job.options),
    job.createdAt,
  ]);
}

export async function printJobRow(
  db: Queryable,
  hash: string,
): Promise<{ hash: string; organisation_id: number; chapter_id: number; options: PrintOptions; created_at: Date } | undefined> {
  const [row] = await db.query<{ hash: string; organisation_id: number; chapter_id: number; options: PrintOptions; created_at: Date }>(
    `SELECT hash, organisation_id, chapter_id, options, created_at FROM print_jobs WHERE hash = $1`,
    [hash],
  );
  return row;
}

export interface LessonBodyLevel {
  content?: string;
  assignments?: { question: string; answer: string }[];
  terms?: { term: string; definition: string }[];
}

export async function chapterWithSection(db: Queryable, chapterId: number): Promise<{ name: string; section_name: string } | undefined> {
  const [chapter] = await db.query<{ name: string; section_name: string }>(
    `SELECT c.name, s.name AS section_name FROM chapters c JOIN sections s ON s.id = c.section_id WHERE c.id = $1`,
    [chapterId],
  );
  return chapter;
}

export const lessonsOfChapter = (db: Queryable, chapterId: number) =>
  db.query<{ title: string; image: string | null; body: Record<string, LessonBodyLevel> }>(
    `SELECT title, image, body FROM lessons WHERE chapter_id = $1 ORDER BY position, id`,
    [chapterId],
  );
