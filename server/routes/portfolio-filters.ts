/**
 * The dropdowns and filter lists of the portfolios page (part 2 §2): the four dropdowns of the
 * module overview (selection) and the left filters of 'Alle activiteiten' (filters).
 */
import type { api } from '../../src/api/catalogue';
import type { Option } from '../../src/api/portfolios/types';
import type { AppContext } from '../context';
import type { Handlers } from './handler';
import { distinctOptions, levelOptions } from './portfolio-queries';
import { publicConfig } from './session';

/** Study level keys and labels come from the configuration (part 2 §9). */
export const studyLevelLabels = (app: AppContext): Record<string, string> => publicConfig(app.config.publicConfig, false).study_levels;

const allLevels = (labels: Record<string, string>): Option[] => Object.entries(labels).map(([id, name]) => ({ id, name }));

const byName = (a: Option, b: Option) => a.name.localeCompare(b.name, 'nl', { numeric: true });

export const portfolioFilterHandlers: Handlers<typeof api.portfolios> = {
  selection: async ({ db, user, query, app }) => {
    // Classes the caller teaches first, then the rest of the school's classes.
    const classrooms = await db.query<Option>(
      `SELECT id, name FROM classrooms WHERE organisation_id = $1 AND NOT hidden
        ORDER BY (main_teacher_id = $2) DESC NULLS LAST, name, id`,
      [user.organisationId, user.id],
    );
    const sections = await db.query<Option>(`SELECT id, name FROM sections WHERE active ORDER BY position, id`);
    const chapters = query.section
      ? await db.query<Option>(
          `SELECT ch.id, ch.name FROM chapters ch JOIN sections s ON s.id = ch.section_id AND s.active
            WHERE ch.section_id = $1 ORDER BY ch.position, ch.id`,
          [query.section],
        )
      : [];
    const lessons =
      query.chapter && chapters.some((c) => c.id === query.chapter)
        ? await db.query<Option>(`SELECT id, title AS name FROM lessons WHERE chapter_id = $1 ORDER BY position, id`, [query.chapter])
        : [];
    return { classrooms, studyLevels: allLevels(studyLevelLabels(app)), sections, chapters, lessons };
  },

  filters: async ({ db, user, body, app }) => {
    const chosenSections = body?.sections?.length ? [...body.sections] : null;
    const chosenChapters = body?.chapters?.length ? [...body.chapters] : null;
    // What exists in the school's portfolio work, each combination once.
    const rows = await db.query<{
      class_id: number | null;
      class_name: string | null;
      study_level: string | null;
      section_id: number;
      section_name: string;
      chapter_id: number;
      chapter_name: string;
      lesson_id: number;
      lesson_title: string;
    }>(
      `SELECT DISTINCT c.id AS class_id, c.name AS class_name, p.study_level, s.id AS section_id, s.name AS section_name,
              s.position AS section_position, ch.id AS chapter_id, ch.name AS chapter_name, ch.position AS chapter_position,
              l.id AS lesson_id, l.title AS lesson_title, l.position AS lesson_position
         FROM portfolio_items p
         LEFT JOIN classrooms c ON c.id = p.classroom_id
         JOIN lessons l ON l.id = p.lesson_id
         JOIN chapters ch ON ch.id = l.chapter_id
         JOIN sections s ON s.id = ch.section_id
        WHERE p.organisation_id = $1
        ORDER BY s.position, s.id, ch.position, ch.id, l.position, l.id`,
      [user.organisationId],
    );
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
};
