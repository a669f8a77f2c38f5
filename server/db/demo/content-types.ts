/** Shapes of the demo method content and the study level keys. */
/** The study level keys of the configuration. */
export const STUDY_LEVELS = ['basis', 'kader', 'gl-tl'] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];

export interface LessonSource {
  title: string;
  /** Three short paragraphs; basis gets the first two. */
  text: readonly string[];
  /** [question, answer] pairs; gl-tl gets one extra, deeper assignment. */
  assignments: readonly (readonly [string, string])[];
  /** [term, definition] pairs; basis gets the first only. */
  terms: readonly (readonly [string, string])[];
}

export interface ChapterSource {
  name: string;
  /** Defaults to all three levels. */
  levels?: readonly StudyLevel[];
  lessons: readonly LessonSource[];
}

export interface SectionSource {
  name: string;
  active: boolean;
  chapters: readonly ChapterSource[];
}

export const L = (
  title: string,
  text: readonly string[],
  assignments: readonly (readonly [string, string])[],
  terms: readonly (readonly [string, string])[],
): LessonSource => ({ title, text, assignments, terms });
