/**
 * The portfolio repository: items as the lists show them and the detail the feedback modal shows.
 * Every query is scoped to one organisation; SQL for portfolios lives here and in the route modules
 * beside it.
 */
import type { Block, BlockStatus, FeedbackEntry, Option, PortfolioDetail, PortfolioItem } from '../../src/api/portfolios/types';
import type { Param, Queryable } from '../db/database';
import { notFound } from '../http-error';

export const ITEM_NOT_FOUND = 'Dit portfolio-item is niet gevonden.';

/** Until a file route exists, uploaded images are addressed under the API like every other call. */
export const fileUrl = (fileId: string | null): string | null => (fileId ? `/api/files/${encodeURIComponent(fileId)}` : null);

export const iso = (d: Date | string | null): string => (d ? new Date(d).toISOString() : '');

/** Collects a WHERE clause with numbered parameters, so filters never splice values into SQL. */
export class Conditions {
  readonly params: Param[] = [];
  private readonly parts: string[] = [];

  constructor(...initial: Param[]) {
    this.params.push(...initial);
  }

  /** Adds the value as the next parameter and returns its placeholder. */
  p(value: Param): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ItemRow {
  id: number;
  user_id: number;
  user_name: string;
  classroom_name: string | null;
  lesson_title: string;
  chapter_title: string;
  section_title: string;
  created_at: Date;
  updated_at: Date;
  study_level: string | null;
  lesson_image: string | null;
  blocks: { status: BlockStatus; isSubmitted: boolean }[] | null;
  file_id: string | null;
}

/**
 * The FROM part every item query shares: p = portfolio_items, u = student, c = the item's class,
 * l/ch/s = lesson, chapter, section.
 */
export const ITEM_FROM = `portfolio_items p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN classrooms c ON c.id = p.classroom_id
  JOIN lessons l ON l.id = p.lesson_id
  JOIN chapters ch ON ch.id = l.chapter_id
  JOIN sections s ON s.id = ch.section_id`;

/** Graded: something was handed in and every handed-in block has a grade. */
export const GRADED_SQL = `(EXISTS (SELECT 1 FROM portfolio_blocks gb WHERE gb.portfolio_item_id = p.id AND gb.is_submitted)
  AND NOT EXISTS (SELECT 1 FROM portfolio_blocks gb WHERE gb.portfolio_item_id = p.id AND gb.is_submitted AND gb.status = ''))`;

export const isGraded = (item: PortfolioItem) => {
  const submitted = item.blockStatusList.filter((b) => b.isSubmitted);
  return submitted.length > 0 && submitted.every((b) => b.status !== '');
};

/** Items of the school matching `where` (a Conditions whose $1 is the organisation id). */
export async function loadItems(db: Queryable, where: Conditions, tail = 'ORDER BY p.updated_at DESC, p.id DESC'): Promise<PortfolioItem[]> {
  const rows = await db.query<ItemRow>(
    `SELECT p.id, p.user_id, u.name AS user_name, c.name AS classroom_name, l.title AS lesson_title,
            ch.name AS chapter_title, s.name AS section_title, p.created_at, p.updated_at, p.study_level,
            l.image AS lesson_image,
            (SELECT json_agg(json_build_object('status', b.status, 'isSubmitted', b.is_submitted) ORDER BY b.position, b.id)
               FROM portfolio_blocks b WHERE b.portfolio_item_id = p.id) AS blocks,
            (SELECT bi.file_id FROM portfolio_block_items bi JOIN portfolio_blocks b ON b.id = bi.block_id
              WHERE b.portfolio_item_id = p.id AND bi.file_id IS NOT NULL
              ORDER BY b.position, bi.index_number, bi.id LIMIT 1) AS file_id
       FROM ${ITEM_FROM}
      WHERE p.organisation_id = $1 AND ${where.toString()}
      ${tail}`,
    where.params,
  );
  return rows.map(toItem);
}

function toItem(r: ItemRow): PortfolioItem {
  const blockStatusList = r.blocks ?? [];
  return {
    id: r.id,
    userId: r.user_id,
    userName: r.user_name,
    userClassroom: r.classroom_name ?? '',
    lessonTitle: r.lesson_title,
    chapterTitle: r.chapter_title,
    sectionTitle: r.section_title,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    // ISO as well: the client formats dates in Dutch itself.
    createdAtText: iso(r.created_at),
    updatedAtText: iso(r.updated_at),
    studyLevel: r.study_level,
    hasSubmittedItems: blockStatusList.some((b) => b.isSubmitted),
    blockStatusList,
    file: fileUrl(r.file_id),
    chapterLessonImage: r.lesson_image,
  };
}

/** The item with its blocks, block items and feedback; 404 when it is not of this school. */
/** `viewerId`: the teacher asking, who may remove only her own feedback (canDelete). */
export async function loadDetail(db: Queryable, organisationId: number, id: number, viewerId?: number): Promise<PortfolioDetail> {
  const where = new Conditions(organisationId);
  where.and(`p.id = ${where.p(id)}`);
  const [found] = await loadItems(db, where, '');
  if (!found) throw notFound(ITEM_NOT_FOUND);
  const blocks = await db.query<{ id: number; key: string; type: Block['type']; status: BlockStatus }>(
    `SELECT id, key, type, status FROM portfolio_blocks WHERE portfolio_item_id = $1 ORDER BY position, id`,
    [id],
  );
  const blockIds = blocks.map((b) => b.id);
  const items = await db.query<{ block_id: number; description: string; file_id: string | null; index_number: number; subtitle: string; value: string }>(
    `SELECT block_id, description, file_id, index_number, subtitle, value FROM portfolio_block_items
      WHERE block_id = ANY($1::int[]) ORDER BY index_number, id`,
    [blockIds],
  );
  const feedback = await db.query<{ id: number; block_id: number; name: string | null; created_at: Date; message: string; teacher_id: number | null }>(
    `SELECT f.id, f.block_id, u.name, f.created_at, f.message, f.teacher_id FROM portfolio_feedback f LEFT JOIN users u ON u.id = f.teacher_id
      WHERE f.block_id = ANY($1::int[]) ORDER BY f.created_at, f.id`,
    [blockIds],
  );
  return {
    ...found,
    blocks: blocks.map(
      (b): Block => ({
        key: b.key,
        type: b.type,
        portfolioItemId: id,
        status: b.status,
        items: items
          .filter((i) => i.block_id === b.id)
          .map((i) => ({ description: i.description, content: fileUrl(i.file_id), indexNumber: i.index_number, subtitle: i.subtitle, value: i.value })),
        feedbackItems: feedback
          .filter((f) => f.block_id === b.id)
          .map((f): FeedbackEntry => ({ id: f.id, name: f.name ?? '', createdAt: iso(f.created_at), message: f.message, canDelete: f.teacher_id === viewerId })),
      }),
    ),
  };
}

/** Distinct options from rows, in first-seen order (the queries sort them). */
export function distinctOptions(rows: readonly { id: number | string | null; name: string | null }[]): Option[] {
  const seen = new Map<number | string, Option>();
  for (const r of rows) if (r.id !== null && !seen.has(r.id)) seen.set(r.id, { id: r.id, name: r.name ?? '' });
  return [...seen.values()];
}

/** The study levels of the configuration as options; unknown keys show as they are. */
export function levelOptions(keys: readonly (string | null)[], labels: Record<string, string>): Option[] {
  const present = new Set(keys.filter((k): k is string => !!k));
  const known = Object.keys(labels).filter((k) => present.has(k));
  const unknown = [...present].filter((k) => !(k in labels)).sort();
  return [...known, ...unknown].map((k) => ({ id: k, name: labels[k] ?? k }));
}
