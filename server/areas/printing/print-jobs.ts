/**
 * A print job: the module and options a teacher chose, under a random hash that opens the print
 * page (/print/{hash}) and the PDF (/api/print/{hash}.pdf), see print-pages.ts.
 */
import { defaultConfig } from '../../../src/api/session/default-config';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/database';
import type { PrintModule, PrintOptions } from '../../pdf/module-pdf';
import { chapterWithSection, lessonsOfChapter, printJobRow } from './queries';

// 24 h: a print link is made to be opened at once; an old one is useless and should not linger.
export const PRINT_JOB_HOURS = 24;

/** The study-level labels of the configuration (part 1 §3), e.g. gl-tl → 'GL en TL'. */
export function levelLabels(config: ServerConfig): Record<string, string> {
  const extra = config.publicConfig.study_levels as Record<string, string> | undefined;
  return { ...defaultConfig.study_levels, ...(extra ?? {}) };
}

export interface PrintJob {
  hash: string;
  organisationId: number;
  chapterId: number;
  options: PrintOptions;
  createdAt: Date;
}

export async function loadPrintJob(db: Queryable, hash: string): Promise<PrintJob | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(hash)) return null;
  const row = await printJobRow(db, hash);
  if (!row) return null;
  return {
    hash: row.hash,
    organisationId: row.organisation_id,
    chapterId: row.chapter_id,
    options: row.options,
    createdAt: new Date(row.created_at),
  };
}

/** The module as printed: its lessons in order with the body of the chosen level. */
export async function loadPrintModule(db: Queryable, config: ServerConfig, chapterId: number, level: string): Promise<PrintModule | null> {
  const chapter = await chapterWithSection(db, chapterId);
  if (!chapter) return null;
  const lessons = await lessonsOfChapter(db, chapterId);
  return {
    sectionName: chapter.section_name,
    chapterName: chapter.name,
    levelLabel: levelLabels(config)[level] ?? level,
    lessons: lessons.map((l) => {
      const b = l.body?.[level] ?? {};
      return { title: l.title, image: l.image, content: b.content ?? '', assignments: b.assignments ?? [], terms: b.terms ?? [] };
    }),
  };
}
