/**
 * Module printing (part 2 §7 Printing): the levels of a module, and a print job whose random hash
 * opens the print page (/print/{hash}) and the PDF (/api/print/{hash}.pdf), see print-pages.ts.
 */
import { randomBytes } from 'node:crypto';
import type { api } from '../../src/api/catalogue';
import { defaultConfig } from '../../src/api/session/default-config';
import type { Level } from '../../src/api/printing/types';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import { badRequest, notFound } from '../http-error';
import type { PrintModule, PrintOptions } from '../pdf/module-pdf';
import type { Handlers } from './handler';

// 24 h: a print link is made to be opened at once; an old one is useless and should not linger.
export const PRINT_JOB_HOURS = 24;

const FLAGS = ['showContent', 'showPictures', 'showAssignmentLines', 'showAssignments', 'showAnswers', 'showTerms', 'showDefinitions', 'showDefinitionLines'] as const;

/** The study-level labels of the configuration (part 1 §3), e.g. gl-tl → 'GL en TL'. */
function levelLabels(config: ServerConfig): Record<string, string> {
  const extra = config.publicConfig.study_levels as Record<string, string> | undefined;
  return { ...defaultConfig.study_levels, ...(extra ?? {}) };
}

function levelsOf(keys: readonly string[], config: ServerConfig): Level[] {
  const labels = levelLabels(config);
  return keys.map((key) => ({ key, value: labels[key] ?? key }));
}

/** Accepts a level key ('gl-tl') or its label ('GL en TL', 'GL+en+TL'), within the module's levels. */
function resolveLevel(given: string, levels: Level[]): string | null {
  const wanted = given.replace(/\+/g, ' ').trim().toLowerCase();
  return levels.find((l) => l.key.toLowerCase() === wanted || l.value.toLowerCase() === wanted)?.key ?? null;
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
  const [row] = await db.query<{ hash: string; organisation_id: number; chapter_id: number; options: PrintOptions; created_at: Date }>(
    `SELECT hash, organisation_id, chapter_id, options, created_at FROM print_jobs WHERE hash = $1`,
    [hash],
  );
  if (!row) return null;
  return { hash: row.hash, organisationId: row.organisation_id, chapterId: row.chapter_id, options: row.options, createdAt: new Date(row.created_at) };
}

interface LessonBodyLevel {
  content?: string;
  assignments?: { question: string; answer: string }[];
  terms?: { term: string; definition: string }[];
}

/** The module as printed: its lessons in order with the body of the chosen level. */
export async function loadPrintModule(db: Queryable, config: ServerConfig, chapterId: number, level: string): Promise<PrintModule | null> {
  const [chapter] = await db.query<{ name: string; section_name: string }>(
    `SELECT c.name, s.name AS section_name FROM chapters c JOIN sections s ON s.id = c.section_id WHERE c.id = $1`,
    [chapterId],
  );
  if (!chapter) return null;
  const lessons = await db.query<{ title: string; image: string | null; body: Record<string, LessonBodyLevel> }>(
    `SELECT title, image, body FROM lessons WHERE chapter_id = $1 ORDER BY position, id`,
    [chapterId],
  );
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

export const printingHandlers: Handlers<typeof api.printing> = {
  chapterLevels: async ({ db, params, app }) => {
    const [row] = await db.query<{ levels: string[] }>(`SELECT levels FROM chapters WHERE id = $1`, [params.chapterId]);
    if (!row) throw notFound('Deze module is niet gevonden.');
    return levelsOf(row.levels, app.config);
  },

  requestDownload: async ({ db, user, params, query, app }) => {
    const [lesson] = await db.query<{ chapter_id: number; levels: string[] }>(
      `SELECT l.chapter_id, c.levels FROM lessons l JOIN chapters c ON c.id = l.chapter_id WHERE l.id = $1`,
      [params.firstLessonId],
    );
    if (!lesson) throw notFound('Deze module is niet gevonden.');
    const levels = levelsOf(lesson.levels, app.config);
    if (!query.studyLevel) throw badRequest('Kies een niveau.', { studyLevel: 'Kies een niveau.' });
    const level = resolveLevel(query.studyLevel, levels);
    if (!level) throw badRequest('Dit niveau hoort niet bij deze module.', { studyLevel: `Kies uit: ${levels.map((l) => l.value).join(', ')}.` });
    const options = { studyLevel: level } as PrintOptions;
    for (const flag of FLAGS) options[flag] = query[flag] === 1;
    const hash = randomBytes(24).toString('base64url');
    await db.query(`INSERT INTO print_jobs (hash, organisation_id, chapter_id, options, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      hash,
      user.organisationId,
      lesson.chapter_id,
      JSON.stringify(options),
      app.now(),
    ]);
    return { hash };
  },
};
