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
