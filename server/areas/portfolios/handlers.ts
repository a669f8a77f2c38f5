/**
 * Portfolios (part 2 §2, §7): 'Alle activiteiten' (menu 0), 'Overzicht per klas per les' (menu 2),
 * their dropdowns and filters, and feedback and grades on portfolio blocks. Feedback calls answer
 * the updated detail, so the modal shows what the server now holds. Every answer passes through
 * signFileLinks (file-links.ts).
 */
import type { BodyOf } from '../../../src/api/endpoint';
import type { api } from '../../../src/api/catalogue';
import { GRADED_MEANWHILE, type Option, type PortfolioDetail, type PortfolioItem } from '../../../src/api/portfolios/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { Handlers } from '../../http/handler';
import { badRequest, conflict, forbidden, notFound } from '../../http-error';
import { studyLevelLabels } from '../../public-config';
import { logAccess } from '../students/access-log';
import { withSignedLinks } from './file-links';
import { byName, distinctOptions, levelOptions } from './options';
import { checkPeriod, classProgress } from './progress';
import {
  activeSections,
  chaptersOfSection,
  chosenLessonRows,
  classStudentRows,
  deleteFeedback,
  feedbackOf,
  filterRows,
  insertFeedback,
  isGraded,
  lessonsOfChapter,
  loadDetail,
  filteredItems,
  itemsOfStudents,
  type ItemFilter,
  lockBlock,
  missingClassrooms,
  selectableClassrooms,
  setBlockStatus,
} from './queries';

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
  return (await missingClassrooms(db, user.organisationId, ids)) === 0 ? null : ids;
}

function levelFilter(levels: readonly string[] | undefined, labels: Record<string, string>): readonly string[] | null {
  if (!nonEmpty(levels)) return null;
  return Object.keys(labels).every((k) => levels.includes(k)) ? null : levels;
}

function allActivities(
  db: Queryable,
  user: SessionUser,
  body: ListBody,
  labels: Record<string, string>,
  classrooms: readonly number[] | null,
): Promise<PortfolioItem[]> {
  const filter: ItemFilter = {
    classrooms,
    studyLevels: levelFilter(body.studyLevels, labels),
    sections: body.sections,
    chapters: body.chapters,
    lessons: body.lessons,
    graded: binaryFilter(body.gradings),
    text: (body.query || body.search || '').trim(),
    period: checkPeriod({ from: body.from, to: body.to }),
  };
  const direction = body.sort === 'oldest' || body.sort === 'asc' ? 'ASC' : 'DESC';
  return filteredItems(db, user.organisationId, filter, direction, body.page ?? 1, PAGE_SIZE);
}

/**
 * One row per student of the chosen classes for exactly the chosen lesson(s). A student without
 * an item gets a row too (id 0, nothing submitted), so the teacher sees who has not started.
 */
async function moduleOverview(db: Queryable, user: SessionUser, body: ListBody): Promise<PortfolioItem[]> {
  if (!nonEmpty(body.classrooms) || !nonEmpty(body.chapters) || !nonEmpty(body.lessons)) return [];
  const lessons = await chosenLessonRows(db, {
    lessons: body.lessons,
    chapters: body.chapters,
    sections: nonEmpty(body.sections) ? body.sections : null,
  });
  const lesson = lessons[0];
  if (!lesson) return [];
  const students = await classStudentRows(db, user.organisationId, body.classrooms);
  if (students.length === 0) return [];
  const items = await itemsOfStudents(
    db,
    user.organisationId,
    students.map((s) => s.id),
    lessons.map((l) => l.id),
  );
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

/** Issue 31.2: a view of or change to her portfolio work goes into the student's access log. */
async function logged(
  db: Queryable,
  user: SessionUser,
  now: Date,
  action: 'VIEW' | 'CHANGE',
  detail: Promise<PortfolioDetail>,
): Promise<PortfolioDetail> {
  const d = await detail;
  await logAccess(db, user, d.userId, { action, subject: 'PORTFOLIO' }, now);
  return d;
}

const allLevels = (labels: Record<string, string>): Option[] => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const portfoliosHandlers = withSignedLinks<Handlers<typeof api.portfolios>>({
  details: ({ db, user, params, app }) => logged(db, user, app.now(), 'VIEW', loadDetail(db, user.organisationId, params.id, user.id)),

  progress: ({ db, user, params, query, app }) => classProgress(db, user.organisationId, params.id, query, app.now()),

  list: async ({ db, user, query, body, app }) => {
    const filters = body ?? {};
    return query.moduleFilters === 2
      ? moduleOverview(db, user, filters)
      : allActivities(db, user, filters, studyLevelLabels(app), await classFilter(db, user, filters.classrooms));
  },

  selection: async ({ db, user, query, app }) => {
    const classrooms = await selectableClassrooms(db, user.organisationId, user.id);
    const sections = await activeSections(db);
    const chapters = query.section ? await chaptersOfSection(db, query.section) : [];
    const lessons = query.chapter && chapters.some((c) => c.id === query.chapter) ? await lessonsOfChapter(db, query.chapter) : [];
    return { classrooms, studyLevels: allLevels(studyLevelLabels(app)), sections, chapters, lessons };
  },

  filters: async ({ db, user, body, app }) => {
    const chosenSections = body?.sections?.length ? [...body.sections] : null;
    const chosenChapters = body?.chapters?.length ? [...body.chapters] : null;
    const rows = await filterRows(db, user.organisationId);
    // Modules narrow to the chosen subjects, lessons to the chosen modules.
    const inSections = rows.filter((r) => !chosenSections || chosenSections.includes(r.section_id));
    const inChapters = inSections.filter((r) => !chosenChapters || chosenChapters.includes(r.chapter_id));
    return {
      classrooms: distinctOptions(rows.map((r) => ({ id: r.class_id, name: r.class_name }))).sort(byName),
      studyLevels: levelOptions(
        rows.map((r) => r.study_level),
        studyLevelLabels(app),
      ),
      sections: distinctOptions(rows.map((r) => ({ id: r.section_id, name: r.section_name }))),
      chapters: distinctOptions(inSections.map((r) => ({ id: r.chapter_id, name: r.chapter_name }))),
      lessons: distinctOptions(inChapters.map((r) => ({ id: r.lesson_id, name: r.lesson_title }))),
    };
  },

  saveFeedback: async ({ db, user, body, app }) => {
    const message = body.message.trim();
    if (!message) throw badRequest('Vul een opmerking in.', { message: 'Vul een opmerking in.' });
    const block = await lockBlock(db, user.organisationId, body.portfolioItemId, body.key);
    // The author is always the caller, whatever teacherId the client sent.
    await insertFeedback(db, block.id, user.id, message);
    return logged(db, user, app.now(), 'CHANGE', loadDetail(db, user.organisationId, body.portfolioItemId, user.id));
  },

  removeFeedback: async ({ db, user, params, app }) => {
    const row = await feedbackOf(db, user.organisationId, params.feedbackId);
    if (!row) throw notFound('Deze feedback is niet gevonden.');
    // Only the author removes feedback: the student read it under that teacher's name, and a
    // colleague should not be able to take back someone else's words (as with wishlist comments).
    if (row.teacher_id !== user.id) throw forbidden('Je kunt alleen je eigen feedback verwijderen.');
    await deleteFeedback(db, params.feedbackId);
    return logged(db, user, app.now(), 'CHANGE', loadDetail(db, user.organisationId, row.item_id, user.id));
  },

  saveFeedbackStatus: async ({ db, user, body, app }) => {
    const block = await lockBlock(db, user.organisationId, body.portfolioItemId, body.key);
    if (block.status !== body.status) {
      // A grade queued offline must not overwrite a colleague's later grade unseen.
      if (body.previousStatus !== undefined && body.previousStatus !== block.status) {
        // The grade met may be this teacher's own from another tablet (issue 28 item 27).
        const gradedBy = block.graded_by === null ? null : block.graded_by === user.id ? 'self' : 'colleague';
        throw conflict(GRADED_MEANWHILE[gradedBy ?? 'unknown'], {
          current: { status: block.status, key: body.key, portfolioItemId: body.portfolioItemId, gradedBy },
        });
      }
      // Only the block changes: updated_at is when the student last worked on the item ('Voltooid op',
      // the list order), and a teacher's grade must not move that date.
      await setBlockStatus(db, block.id, body.status, user.id);
    }
    return logged(db, user, app.now(), 'CHANGE', loadDetail(db, user.organisationId, body.portfolioItemId, user.id));
  },
});
