/**
 * The portfolios area's SQL: items as the lists show them, the detail the feedback modal shows,
 * feedback and grades, and the filter options. Every query is scoped to one organisation.
 */
import type {
  Block,
  BlockStatus,
  FeedbackEntry,
  Option,
  PortfolioDetail,
  PortfolioItem,
  ProgressState,
} from '../../../src/api/portfolios/types';
import type { Param, Queryable } from '../../db/database';
import { badRequest, notFound } from '../../http-error';
import type { PortfolioPlaceRow } from './options';

const ITEM_NOT_FOUND = 'Dit portfolio-item is niet gevonden.';

/** Until a file route exists, uploaded images are addressed under the API like every other call. */
const fileUrl = (fileId: string | null): string | null => (fileId ? `/api/files/${encodeURIComponent(fileId)}` : null);

export const iso = (d: Date | string | null): string => (d ? new Date(d).toISOString() : '');

/** Collects a WHERE clause with numbered parameters, so filters never splice values into SQL. */
class Conditions {
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
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
const ITEM_FROM = `portfolio_items p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN classrooms c ON c.id = p.classroom_id
  JOIN lessons l ON l.id = p.lesson_id
  JOIN chapters ch ON ch.id = l.chapter_id
  JOIN sections s ON s.id = ch.section_id`;

/** Graded: something was handed in and every handed-in block has a grade. */
const GRADED_SQL = `(EXISTS (SELECT 1 FROM portfolio_blocks gb WHERE gb.portfolio_item_id = p.id AND gb.is_submitted)
  AND NOT EXISTS (SELECT 1 FROM portfolio_blocks gb WHERE gb.portfolio_item_id = p.id AND gb.is_submitted AND gb.status = ''))`;

export const isGraded = (item: PortfolioItem) => {
  const submitted = item.blockStatusList.filter((b) => b.isSubmitted);
  return submitted.length > 0 && submitted.every((b) => b.status !== '');
};

/** Items of the school matching `where` (a Conditions whose $1 is the organisation id). */
async function loadItems(db: Queryable, where: Conditions, tail = 'ORDER BY p.updated_at DESC, p.id DESC'): Promise<PortfolioItem[]> {
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

/**
 * The item with its blocks, block items and feedback; 404 when it is not of this school.
 * `viewerId`: the teacher asking, who may remove only her own feedback (canDelete).
 */
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
  const items = await db.query<{
    block_id: number;
    description: string;
    file_id: string | null;
    index_number: number;
    subtitle: string;
    value: string;
  }>(
    `SELECT block_id, description, file_id, index_number, subtitle, value FROM portfolio_block_items
      WHERE block_id = ANY($1::int[]) ORDER BY index_number, id`,
    [blockIds],
  );
  const feedback = await db.query<{
    id: number;
    block_id: number;
    name: string | null;
    created_at: Date;
    message: string;
    teacher_id: number | null;
  }>(
    `SELECT f.id, f.block_id, u.name, f.created_at, f.message, f.teacher_id FROM portfolio_feedback f LEFT JOIN users u ON u.id = f.teacher_id
      WHERE f.block_id = ANY($1::int[]) ORDER BY f.created_at, f.id`,
    [blockIds],
  );
  return {
    ...found,
    blocks: blocks.map((b): Block => ({
      key: b.key,
      type: b.type,
      portfolioItemId: id,
      status: b.status,
      items: items
        .filter((i) => i.block_id === b.id)
        .map((i) => ({
          description: i.description,
          content: fileUrl(i.file_id),
          indexNumber: i.index_number,
          subtitle: i.subtitle,
          value: i.value,
        })),
      feedbackItems: feedback
        .filter((f) => f.block_id === b.id)
        .map((f): FeedbackEntry => ({
          id: f.id,
          name: f.name ?? '',
          createdAt: iso(f.created_at),
          message: f.message,
          canDelete: f.teacher_id === viewerId,
        })),
    })),
  };
}

/** The filters of 'Alle activiteiten' (part 2 §4); null or empty: no filter. */
export interface ItemFilter {
  classrooms: readonly number[] | null;
  studyLevels: readonly string[] | null;
  sections?: readonly number[];
  chapters?: readonly number[];
  lessons?: readonly number[];
  graded: 0 | 1 | null;
  text: string;
  /** Last worked on within these Dutch calendar days ('Periode', issue 32). */
  period?: Period;
}

const some = <T>(list: readonly T[] | null | undefined): list is readonly T[] => !!list && list.length > 0;

/** One page of the school's items matching the filter, newest (DESC) or oldest (ASC) first. */
export function filteredItems(
  db: Queryable,
  organisationId: number,
  f: ItemFilter,
  direction: 'ASC' | 'DESC',
  page: number,
  pageSize: number,
): Promise<PortfolioItem[]> {
  const where = new Conditions(organisationId);
  if (some(f.classrooms)) where.and(`p.classroom_id = ANY(${where.p(f.classrooms)}::int[])`);
  if (some(f.studyLevels)) where.and(`p.study_level = ANY(${where.p(f.studyLevels)}::text[])`);
  if (some(f.sections)) where.and(`s.id = ANY(${where.p(f.sections)}::int[])`);
  if (some(f.chapters)) where.and(`ch.id = ANY(${where.p(f.chapters)}::int[])`);
  if (some(f.lessons)) where.and(`l.id = ANY(${where.p(f.lessons)}::int[])`);
  if (f.graded !== null) where.and(f.graded ? GRADED_SQL : `NOT ${GRADED_SQL}`);
  if (f.period?.from) where.and(`p.updated_at >= (${where.p(f.period.from)}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam'`);
  if (f.period?.to) where.and(`p.updated_at < (${where.p(f.period.to)}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'`);
  if (f.text) {
    const q = where.p(likePattern(f.text));
    where.and(`(u.name ILIKE ${q} OR c.name ILIKE ${q} OR l.title ILIKE ${q} OR ch.name ILIKE ${q} OR s.name ILIKE ${q})`);
  }
  // Page size and offset as parameters: no number from the request is written into SQL text.
  return loadItems(
    db,
    where,
    `ORDER BY p.updated_at ${direction}, p.id ${direction} LIMIT ${where.p(pageSize)} OFFSET ${where.p((page - 1) * pageSize)}`,
  );
}

/** The items of the students, newest first; `lessonIds`: of those lessons only. */
export function itemsOfStudents(
  db: Queryable,
  organisationId: number,
  userIds: readonly number[],
  lessonIds?: readonly number[],
): Promise<PortfolioItem[]> {
  const where = new Conditions(organisationId);
  where.and(`p.user_id = ANY(${where.p(userIds)}::int[])`);
  if (lessonIds) where.and(`p.lesson_id = ANY(${where.p(lessonIds)}::int[])`);
  return loadItems(db, where);
}

/** How many of the school's classes are not among `ids` (0: the filter names every class). */
export async function missingClassrooms(db: Queryable, organisationId: number, ids: readonly number[]): Promise<number> {
  const [row] = await db.query<{ missing: number }>(
    `SELECT count(*)::int AS missing FROM classrooms WHERE organisation_id = $1 AND NOT (id = ANY($2::int[]))`,
    [organisationId, [...ids]],
  );
  return row?.missing ?? 1;
}

export interface ChosenLessons {
  lessons: readonly number[];
  chapters: readonly number[];
  sections: readonly number[] | null;
}

export const chosenLessonRows = (db: Queryable, c: ChosenLessons) =>
  db.query<{ id: number; title: string; chapter: string; section: string; image: string | null }>(
    `SELECT l.id, l.title, ch.name AS chapter, s.name AS section, l.image
       FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id JOIN sections s ON s.id = ch.section_id
      WHERE l.id = ANY($1::int[]) AND ch.id = ANY($2::int[]) ${c.sections ? 'AND s.id = ANY($3::int[])' : ''}
      ORDER BY ch.position, l.position`,
    c.sections ? [[...c.lessons], [...c.chapters], [...c.sections]] : [[...c.lessons], [...c.chapters]],
  );

/** The students of the chosen classes, each once with her classes' names. */
export const classStudentRows = (db: Queryable, organisationId: number, classrooms: readonly number[]) =>
  db.query<{ id: number; name: string; study_level: string | null; classes: string }>(
    `SELECT u.id, u.name, u.study_level, string_agg(c.name, ', ' ORDER BY c.name) AS classes
       FROM classroom_students cs
       JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $1
       JOIN users u ON u.id = cs.user_id AND u.role = 'STUDENT'
      WHERE c.id = ANY($2::int[])
      GROUP BY u.id, u.name, u.study_level`,
    [organisationId, [...classrooms]],
  );

/** Classes the caller teaches first, then the rest of this year's classes (last year's are history, issue 31). */
export const selectableClassrooms = (db: Queryable, organisationId: number, userId: number) =>
  db.query<Option>(
    `SELECT id, name FROM classrooms WHERE organisation_id = $1 AND NOT hidden AND archived_at IS NULL
      ORDER BY (main_teacher_id = $2) DESC NULLS LAST, name, id`,
    [organisationId, userId],
  );

export const activeSections = (db: Queryable) => db.query<Option>(`SELECT id, name FROM sections WHERE active ORDER BY position, id`);

export const chaptersOfSection = (db: Queryable, sectionId: number) =>
  db.query<Option>(
    `SELECT ch.id, ch.name FROM chapters ch JOIN sections s ON s.id = ch.section_id AND s.active
      WHERE ch.section_id = $1 ORDER BY ch.position, ch.id`,
    [sectionId],
  );

export const lessonsOfChapter = (db: Queryable, chapterId: number) =>
  db.query<Option>(`SELECT id, title AS name FROM lessons WHERE chapter_id = $1 ORDER BY position, id`, [chapterId]);

/**
 * What exists in the school's portfolio work, each combination once. Work in a class archived by the
 * year change (issue 31) has no class here: the class picker offers this year's classes only.
 */
export const filterRows = (db: Queryable, organisationId: number) =>
  db.query<PortfolioPlaceRow & { study_level: string | null }>(
    `SELECT DISTINCT c.id AS class_id, c.name AS class_name, p.study_level, s.id AS section_id, s.name AS section_name,
            s.position AS section_position, ch.id AS chapter_id, ch.name AS chapter_name, ch.position AS chapter_position,
            l.id AS lesson_id, l.title AS lesson_title, l.position AS lesson_position
       FROM portfolio_items p
       LEFT JOIN classrooms c ON c.id = p.classroom_id AND c.archived_at IS NULL
       JOIN lessons l ON l.id = p.lesson_id
       JOIN chapters ch ON ch.id = l.chapter_id
       JOIN sections s ON s.id = ch.section_id
      WHERE p.organisation_id = $1
      ORDER BY s.position, s.id, ch.position, ch.id, l.position, l.id`,
    [organisationId],
  );

const UNKNOWN_BLOCK = 'Onbekend onderdeel van dit portfolio.';

/**
 * The block of an item of the caller's school, locked for the rest of the transaction so two
 * teachers grading at once are ordered and the second one sees the first one's grade.
 */
export async function lockBlock(
  db: Queryable,
  organisationId: number,
  itemId: number,
  key: string,
): Promise<{ id: number; status: BlockStatus; graded_by: number | null }> {
  const [item] = await db.query(`SELECT 1 FROM portfolio_items WHERE id = $1 AND organisation_id = $2`, [itemId, organisationId]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  const [block] = await db.query<{ id: number; status: BlockStatus; graded_by: number | null }>(
    `SELECT id, status, graded_by FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = $2 FOR UPDATE`,
    [itemId, key],
  );
  if (!block) throw badRequest(UNKNOWN_BLOCK, { key: UNKNOWN_BLOCK });
  return block;
}

/** readAt is when the student read the feedback, so a new entry starts unread. */
export async function insertFeedback(db: Queryable, blockId: number, teacherId: number, message: string): Promise<void> {
  await db.query(`INSERT INTO portfolio_feedback (block_id, teacher_id, message, read_at) VALUES ($1, $2, $3, NULL)`, [
    blockId,
    teacherId,
    message,
  ]);
}

export async function feedbackOf(
  db: Queryable,
  organisationId: number,
  feedbackId: number,
): Promise<{ teacher_id: number | null; item_id: number } | undefined> {
  const [row] = await db.query<{ teacher_id: number | null; item_id: number }>(
    `SELECT f.teacher_id, p.id AS item_id
       FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id
      WHERE f.id = $1 AND p.organisation_id = $2`,
    [feedbackId, organisationId],
  );
  return row;
}

export async function deleteFeedback(db: Queryable, feedbackId: number): Promise<void> {
  await db.query(`DELETE FROM portfolio_feedback WHERE id = $1`, [feedbackId]);
}

export async function setBlockStatus(db: Queryable, blockId: number, status: BlockStatus, teacherId: number): Promise<void> {
  await db.query(`UPDATE portfolio_blocks SET status = $2, graded_by = $3 WHERE id = $1`, [blockId, status, teacherId]);
}

interface ProgressRow {
  room_name: string | null;
  lessons: { id: number; title: string; chapterId: number; chapterName: string }[];
  students: { id: number; name: string; states: ProgressState[]; items: (number | null)[] }[];
  counts: { lessonId: number; state: ProgressState; n: number }[];
  grades: { lessonId: number; grade: 'G' | 'V' | 'O'; n: number }[];
}

/** A period's bounds as Dutch calendar days ('YYYY-MM-DD', to inclusive); null: open-ended. */
export interface Period {
  from: string | null;
  to: string | null;
}

const inPeriod = (column: string) =>
  `($3::date IS NULL OR ${column} >= ($3::date)::timestamp AT TIME ZONE 'Europe/Amsterdam')
   AND ($4::date IS NULL OR ${column} < ($4::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

/**
 * 'Voortgang' of one class of the school (issue 32), counted in one statement: every student of the
 * class × every lesson of its modules, each cell's state (see ProgressState) from the student's newest
 * item of that lesson and her check requests, and per lesson how many cells are in each state and
 * how many items are graded G / V / O. Within a period only items worked on and check requests made
 * (or decided) in it count. Null when the class is not of this school.
 */
export async function classProgressRows(
  db: Queryable,
  organisationId: number,
  classroomId: number,
  period: Period,
): Promise<ProgressRow | null> {
  const [row] = await db.query<ProgressRow>(
    `WITH room AS (SELECT id, name FROM classrooms WHERE id = $2 AND organisation_id = $1),
     lessons_of AS (
       SELECT l.id, l.title, ch.id AS chapter_id, ch.name AS chapter_name,
              row_number() OVER (ORDER BY s.position, s.id, ch.position, ch.id, l.position, l.id) AS ord
         FROM room JOIN classroom_chapters cc ON cc.classroom_id = room.id
         JOIN chapters ch ON ch.id = cc.chapter_id JOIN sections s ON s.id = ch.section_id
         JOIN lessons l ON l.chapter_id = ch.id),
     students_of AS (
       SELECT u.id, u.name FROM room JOIN classroom_students cs ON cs.classroom_id = room.id
         JOIN users u ON u.id = cs.user_id AND u.role = 'STUDENT'),
     newest AS (
       SELECT DISTINCT ON (p.user_id, p.lesson_id) p.user_id, p.lesson_id, p.id
         FROM portfolio_items p
        WHERE p.organisation_id = $1 AND p.user_id IN (SELECT id FROM students_of) AND p.lesson_id IN (SELECT id FROM lessons_of)
          AND ${inPeriod('p.updated_at')}
        ORDER BY p.user_id, p.lesson_id, p.updated_at DESC, p.id DESC),
     marked AS (
       SELECT n.user_id, n.lesson_id, n.id,
              count(b.id) FILTER (WHERE b.is_submitted) AS submitted,
              count(b.id) FILTER (WHERE b.is_submitted AND b.status = '') AS ungraded,
              COALESCE(bool_or(b.is_submitted AND b.status = 'WRONG'), false) AS wrong,
              COALESCE(bool_or(b.is_submitted AND b.status = 'GOOD'), false) AS good
         FROM newest n LEFT JOIN portfolio_blocks b ON b.portfolio_item_id = n.id
        GROUP BY n.user_id, n.lesson_id, n.id),
     checks AS (
       SELECT student_id, lesson_id, bool_or(status = 'OPEN') AS open, bool_or(status <> 'OPEN') AS approved
         FROM check_requests
        WHERE organisation_id = $1 AND status IN ('OPEN', 'APPROVED', 'APPROVED_EXPIRED')
          AND student_id IN (SELECT id FROM students_of) AND ${inPeriod('COALESCE(decided_at, created_at)')}
        GROUP BY student_id, lesson_id),
     cells AS (
       SELECT st.id AS student_id, lo.id AS lesson_id, lo.ord, m.id AS item_id, m.submitted, k.open, k.approved,
              CASE WHEN m.submitted > 0 AND m.ungraded = 0 THEN CASE WHEN m.wrong THEN 'O' WHEN m.good THEN 'V' ELSE 'G' END END AS grade
         FROM students_of st CROSS JOIN lessons_of lo
         LEFT JOIN marked m ON m.user_id = st.id AND m.lesson_id = lo.id
         LEFT JOIN checks k ON k.student_id = st.id AND k.lesson_id = lo.id),
     states AS (
       SELECT student_id, lesson_id, ord, item_id, grade,
              CASE WHEN open THEN 'check' WHEN approved THEN 'approved' WHEN grade IS NOT NULL THEN grade
                   WHEN submitted > 0 THEN 'submitted' WHEN item_id IS NOT NULL THEN 'busy' ELSE 'none' END AS state
         FROM cells)
     SELECT (SELECT name FROM room) AS room_name,
       (SELECT COALESCE(json_agg(json_build_object('id', id, 'title', title, 'chapterId', chapter_id, 'chapterName', chapter_name) ORDER BY ord), '[]')
          FROM lessons_of) AS lessons,
       (SELECT COALESCE(json_agg(json_build_object('id', s.id, 'name', s.name, 'states', s.states, 'items', s.items)), '[]')
          FROM (SELECT st.id, st.name,
                       COALESCE(json_agg(c.state ORDER BY c.ord) FILTER (WHERE c.state IS NOT NULL), '[]') AS states,
                       COALESCE(json_agg(c.item_id ORDER BY c.ord) FILTER (WHERE c.state IS NOT NULL), '[]') AS items
                  FROM students_of st LEFT JOIN states c ON c.student_id = st.id GROUP BY st.id, st.name) s) AS students,
       (SELECT COALESCE(json_agg(json_build_object('lessonId', lesson_id, 'state', state, 'n', n)), '[]')
          FROM (SELECT lesson_id, state, count(*)::int AS n FROM states GROUP BY lesson_id, state) x) AS counts,
       (SELECT COALESCE(json_agg(json_build_object('lessonId', lesson_id, 'grade', grade, 'n', n)), '[]')
          FROM (SELECT lesson_id, grade, count(*)::int AS n FROM states WHERE grade IS NOT NULL GROUP BY lesson_id, grade) y) AS grades`,
    [organisationId, classroomId, period.from, period.to],
  );
  return row?.room_name == null ? null : row;
}

/**
 * The class's feed rows per Dutch calendar day over the 28 days up to `lastDay` (inclusive), every day
 * present (0 without activity). Counted in SQL over the feed's (classroom_id, created_at) index.
 */
export async function activityPerDay(
  db: Queryable,
  organisationId: number,
  classroomId: number,
  lastDay: string,
): Promise<{ day: string; n: number }[]> {
  return db.query<{ day: string; n: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(a.id)::int AS n
       FROM generate_series($3::date - 27, $3::date, interval '1 day') AS d(day)
       LEFT JOIN activities a ON a.organisation_id = $1 AND a.classroom_id = $2
        AND a.created_at >= d.day::date::timestamp AT TIME ZONE 'Europe/Amsterdam'
        AND a.created_at < (d.day::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'
      GROUP BY d.day ORDER BY d.day`,
    [organisationId, classroomId, lastDay],
  );
}
