/** Answer types of the portfolio screens (spec part 2 §3). */

export type BlockStatus = 'PERFECT' | 'GOOD' | 'WRONG' | '';

export interface PortfolioItem {
  id: number;
  userId: number;
  userName: string;
  userClassroom: string;
  lessonTitle: string;
  chapterTitle: string;
  sectionTitle: string;
  createdAt: string;
  updatedAt: string;
  createdAtText: string;
  updatedAtText: string;
  studyLevel: string | null;
  hasSubmittedItems: boolean;
  blockStatusList: { status: BlockStatus; isSubmitted: boolean }[];
  file: string | null;
  chapterLessonImage: string | null;
}

export interface BlockItem {
  description: string;
  content: string | null;
  indexNumber: number;
  subtitle: string;
  value: string;
}

export interface FeedbackEntry {
  id: number;
  name: string;
  createdAt: string;
  message: string;
  /** Only the author may remove feedback (docs/decisions.md). */
  canDelete: boolean;
}

export interface Block {
  key: string;
  type: 'FILE' | 'REFLECTION';
  portfolioItemId: number;
  status: BlockStatus;
  items: BlockItem[];
  feedbackItems: FeedbackEntry[];
}

export interface PortfolioDetail extends PortfolioItem {
  blocks: Block[];
}

export interface Option {
  id: number | string;
  name: string;
}

export interface PortfolioFilters {
  classrooms: Option[];
  studyLevels: Option[];
  sections: Option[];
  chapters: Option[];
  lessons: Option[];
}

/**
 * Whose grade a refused stale grade met (409 of saveFeedbackStatus, `current.gradedBy`): the same
 * teacher's own from another device, a colleague's, or unknown (graded before this was recorded).
 */
export type GradedBy = 'self' | 'colleague' | null;

/** The 409's message per grader: 'Een collega' only when it was one (issue 28 item 27). */
export const GRADED_MEANWHILE: Record<'self' | 'colleague' | 'unknown', string> = {
  self: 'Je hebt dit onderdeel intussen zelf anders beoordeeld, op een ander apparaat.',
  colleague: 'Een collega heeft dit onderdeel intussen anders beoordeeld.',
  unknown: 'Dit onderdeel is intussen anders beoordeeld.',
};

/**
 * One cell of a class's progress (issue 32): not started, busy (nothing handed in), submitted (not
 * every handed-in block graded), checked G / V / O (the lowest grade of its blocks), check requested
 * (an open check request) or approved (an approved check request). An open request outranks an
 * approval, an approval outranks a grade: the cell shows what the teacher has to do first.
 */
export type ProgressState = 'none' | 'busy' | 'submitted' | 'G' | 'V' | 'O' | 'check' | 'approved';

export const PROGRESS_STATES: readonly ProgressState[] = ['none', 'busy', 'submitted', 'G', 'V', 'O', 'check', 'approved'];

export interface ProgressLesson {
  id: number;
  title: string;
  chapterId: number;
  /** How many students are in each state, counted by the server. */
  counts: Record<ProgressState, number>;
  /** G / V / O of the graded items, approved or not (the state of an approved item hides its grade). */
  grades: { G: number; V: number; O: number };
}

export interface ProgressStudent {
  id: number;
  name: string;
  /** One per lesson, in the order of `lessons`. */
  states: ProgressState[];
  /** The portfolio item of each cell (its feedback modal), or null when there is none. */
  items: (number | null)[];
}

/** 'Voortgang' of one class: its students × the lessons of its modules. */
export interface ClassProgress {
  classroomId: number;
  classroomName: string;
  chapters: { id: number; name: string }[];
  lessons: ProgressLesson[];
  students: ProgressStudent[];
  /** The period asked for ('YYYY-MM-DD'), or null without one. */
  from: string | null;
  to: string | null;
  /**
   * The class's activity (the rows of 'Activiteiten in de klas') per Dutch calendar day over the four
   * weeks up to the period's end, or up to today without one: 28 days, oldest first, days without
   * activity as 0. Absent in a copy stored before it existed.
   */
  activityPerDay?: { day: string; n: number }[];
}
