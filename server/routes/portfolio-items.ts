/**
 * Portfolio lists and details (part 2 §2, §7): 'Alle activiteiten' (menu 0), 'Overzicht per klas
 * per les' (menu 2) and the portfolio tab of the student profile.
 */
import type { api } from '../../src/api/catalogue';
import type { BodyOf } from '../../src/api/endpoint';
import type { PortfolioItem } from '../../src/api/portfolios/types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { notFound } from '../http-error';
import type { Handlers } from './handler';
import { Conditions, distinctOptions, GRADED_SQL, isGraded, levelOptions, likePattern, loadDetail, loadItems } from './portfolio-queries';
import { studyLevelLabels } from './portfolio-filters';

type ListBody = NonNullable<BodyOf<typeof api.portfolios.list>>;

/** Part 2 §7: the all-activities list loads 25 items per page. */
const PAGE_SIZE = 25;
/** Part 2 §9: the module overview shows at most 5000 results. */
const MODULE_LIMIT = 5000;

/** Part 2 §4: a group with every value chosen is no filter at all. */
const binaryFilter = (values: readonly number[] | undefined): 0 | 1 | null => {
  const set = new Set(values ?? []);
  if (set.size !== 1) return null;
  return set.has(1) ? 1 : 0;
};

const nonEmpty = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

/** Drops a class filter that names every class of the school (part 2 §4). */
async function classFilter(db: Queryable, user: SessionUser, ids: readonly number[] | undefined): Promise<readonly number[] | null> {
  if (!nonEmpty(ids)) return null;
  const [row] = await db.query<{ missing: number }>(
    `SELECT count(*)::int AS missing FROM classrooms WHERE organisation_id = $1 AND NOT (id = ANY($2::int[]))`,
    [user.organisationId, [...ids]],
  );
  return row?.missing === 0 ? null : ids;
}

function levelFilter(levels: readonly string[] | undefined, labels: Record<string, string>): readonly string[] | null {
  if (!nonEmpty(levels)) return null;
  return Object.keys(labels).every((k) => levels.includes(k)) ? null : levels;
}

async function allActivities(db: Queryable, user: SessionUser, body: ListBody, labels: Record<string, string>): Promise<PortfolioItem[]> {
  const where = new Conditions(user.organisationId);
  const classes = await classFilter(db, user, body.classrooms);
  if (classes) where.and(`p.classroom_id = ANY(${where.p(classes)}::int[])`);
  const levels = levelFilter(body.studyLevels, labels);
  if (levels) where.and(`p.study_level = ANY(${where.p(levels)}::text[])`);
  if (nonEmpty(body.sections)) where.and(`s.id = ANY(${where.p(body.sections)}::int[])`);
  if (nonEmpty(body.chapters)) where.and(`ch.id = ANY(${where.p(body.chapters)}::int[])`);
  if (nonEmpty(body.lessons)) where.and(`l.id = ANY(${where.p(body.lessons)}::int[])`);
  const graded = binaryFilter(body.gradings);
  if (graded !== null) where.and(graded ? GRADED_SQL : `NOT ${GRADED_SQL}`);
  const text = (body.query || body.search || '').trim();
  if (text) {
    const q = where.p(likePattern(text));
    where.and(`(u.name ILIKE ${q} OR c.name ILIKE ${q} OR l.title ILIKE ${q} OR ch.name ILIKE ${q} OR s.name ILIKE ${q})`);
  }
  const direction = body.sort === 'oldest' || body.sort === 'asc' ? 'ASC' : 'DESC';
  const page = body.page ?? 1;
  // Page size and offset as parameters: no number from the request is written into SQL text.
  return loadItems(db, where, `ORDER BY p.updated_at ${direction}, p.id ${direction} LIMIT ${where.p(PAGE_SIZE)} OFFSET ${where.p((page - 1) * PAGE_SIZE)}`);
}

/**
 * One row per student of the chosen classes for exactly the chosen lesson(s). A student without
 * an item gets a row too (id 0, nothing submitted), so the teacher sees who has not started.
 */
async function moduleOverview(db: Queryable, user: SessionUser, body: ListBody): Promise<PortfolioItem[]> {
  if (!nonEmpty(body.classrooms) || !nonEmpty(body.chapters) || !nonEmpty(body.lessons)) return [];
  const lessons = await db.query<{ id: number; title: string; chapter: string; section: string; image: string | null }>(
    `SELECT l.id, l.title, ch.name AS chapter, s.name AS section, l.image
       FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id JOIN sections s ON s.id = ch.section_id
      WHERE l.id = ANY($1::int[]) AND ch.id = ANY($2::int[]) ${nonEmpty(body.sections) ? 'AND s.id = ANY($3::int[])' : ''}
      ORDER BY ch.position, l.position`,
    nonEmpty(body.sections) ? [[...body.lessons], [...body.chapters], [...body.sections]] : [[...body.lessons], [...body.chapters]],
  );
  const lesson = lessons[0];
  if (!lesson) return [];
  const students = await db.query<{ id: number; name: string; study_level: string | null; classes: string }>(
    `SELECT u.id, u.name, u.study_level, string_agg(c.name, ', ' ORDER BY c.name) AS classes
       FROM classroom_students cs
       JOIN classrooms c ON c.id = cs.classroom_id AND c.organisation_id = $1
       JOIN users u ON u.id = cs.user_id AND u.role = 'STUDENT'
      WHERE c.id = ANY($2::int[])
      GROUP BY u.id, u.name, u.study_level`,
    [user.organisationId, [...body.classrooms]],
  );
  if (students.length === 0) return [];
  const where = new Conditions(user.organisationId);
  where.and(`p.user_id = ANY(${where.p(students.map((s) => s.id))}::int[])`);
  where.and(`p.lesson_id = ANY(${where.p(lessons.map((l) => l.id))}::int[])`);
  const items = await loadItems(db, where);
  const newest = new Map<number, PortfolioItem>();
  for (const item of items) if (!newest.has(item.userId)) newest.set(item.userId, item);

  const started = binaryFilter(body.started);
  const graded = binaryFilter(body.gradings);
  const text = (body.search || body.query || '').trim().toLowerCase();
  const rows = students.map(
    (s): PortfolioItem =>
      newest.get(s.id) ?? {
        id: 0,
        userId: s.id,
        userName: s.name,
        userClassroom: s.classes,
        lessonTitle: lesson.title,
        chapterTitle: lesson.chapter,
        sectionTitle: lesson.section,
        createdAt: '',
        updatedAt: '',
        createdAtText: '',
        updatedAtText: '',
        studyLevel: s.study_level,
        hasSubmittedItems: false,
        blockStatusList: [],
        file: null,
        chapterLessonImage: lesson.image,
      },
  );
  return rows
    .filter((r) => started === null || (r.id !== 0) === (started === 1))
    .filter((r) => graded === null || isGraded(r) === (graded === 1))
    .filter((r) => !text || r.userName.toLowerCase().includes(text) || r.userClassroom.toLowerCase().includes(text))
    .sort((a, b) => a.userName.localeCompare(b.userName, 'nl') || a.userId - b.userId)
    .slice(0, Math.min(body.limit ?? MODULE_LIMIT, MODULE_LIMIT));
}

export const portfolioItemHandlers: Handlers<typeof api.portfolios> = {
  details: ({ db, user, params }) => loadDetail(db, user.organisationId, params.id, user.id),

  list: async ({ db, user, query, body, app }) => {
    const filters = body ?? {};
    return query.moduleFilters === 2 ? moduleOverview(db, user, filters) : allActivities(db, user, filters, studyLevelLabels(app));
  },

};

/** One student's portfolio, in the students area (part 2 §7). */
export const portfolioOfStudentHandlers: Handlers<Pick<typeof api.students, 'portfolio'>> = {
  portfolio: async ({ db, user, params, app }) => {
    const [student] = await db.query(
      `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1 AND m.organisation_id = $2 AND u.role = 'STUDENT'`,
      [params.userId, user.organisationId],
    );
    if (!student) throw notFound('Deze leerling is niet gevonden.');
    const where = new Conditions(user.organisationId);
    where.and(`p.user_id = ${where.p(params.userId)}`);
    const items = await loadItems(db, where);
    const options = await db.query<{ class_id: number | null; class_name: string | null; section_id: number; section_name: string; chapter_id: number; chapter_name: string; lesson_id: number; lesson_title: string }>(
      `SELECT c.id AS class_id, c.name AS class_name, s.id AS section_id, s.name AS section_name, ch.id AS chapter_id,
              ch.name AS chapter_name, l.id AS lesson_id, l.title AS lesson_title
         FROM portfolio_items p LEFT JOIN classrooms c ON c.id = p.classroom_id JOIN lessons l ON l.id = p.lesson_id
         JOIN chapters ch ON ch.id = l.chapter_id JOIN sections s ON s.id = ch.section_id
        WHERE p.organisation_id = $1 AND p.user_id = $2
        ORDER BY s.position, ch.position, l.position`,
      [user.organisationId, params.userId],
    );
    return {
      classrooms: distinctOptions(options.map((o) => ({ id: o.class_id, name: o.class_name }))).sort((a, b) => a.name.localeCompare(b.name, 'nl')),
      studyLevels: levelOptions(
        items.map((i) => i.studyLevel),
        studyLevelLabels(app),
      ),
      sections: distinctOptions(options.map((o) => ({ id: o.section_id, name: o.section_name }))),
      chapters: distinctOptions(options.map((o) => ({ id: o.chapter_id, name: o.chapter_name }))),
      lessons: distinctOptions(options.map((o) => ({ id: o.lesson_id, name: o.lesson_title }))),
      items,
    };
  },
};
