/**
 * The body 'Alle activiteiten' sends to portfolioItems/filters and portfolioItems/list (part 2 §7),
 * built in one place: the read cache keys answers by the body's exact text, so the offline preparation
 * (server/areas/offline/copy-plan.ts) must send what the screen sends, field order included.
 */
export interface ActivityChoice {
  classrooms: number[];
  studyLevels: string[];
  sections: number[];
  chapters: number[];
}

const NOTHING_CHOSEN: ActivityChoice = { classrooms: [], studyLevels: [], sections: [], chapters: [] };

export function allActivitiesBody(chosen: ActivityChoice = NOTHING_CHOSEN, query = '') {
  return {
    classrooms: chosen.classrooms,
    studyLevels: chosen.studyLevels,
    sections: chosen.sections,
    chapters: chosen.chapters,
    sort: 'newest',
    mode: 'all',
    query,
  };
}
