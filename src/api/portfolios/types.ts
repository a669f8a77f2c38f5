/** Answer schemas and types of the portfolio screens (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, nullableStr, str } from '../schemas';

const blockStatuses = ['PERFECT', 'GOOD', 'WRONG', ''] as const;
export type BlockStatus = (typeof blockStatuses)[number];
const blockStatus = { type: 'string', enum: blockStatuses } as const;

const itemFields = {
  id: int,
  userId: int,
  userName: str,
  userClassroom: str,
  lessonTitle: str,
  chapterTitle: str,
  sectionTitle: str,
  createdAt: str,
  updatedAt: str,
  createdAtText: str,
  updatedAtText: str,
  studyLevel: nullableStr,
  hasSubmittedItems: bool,
  blockStatusList: arrayOf(answerObject({ status: blockStatus, isSubmitted: bool })),
  file: nullableStr,
  chapterLessonImage: nullableStr,
} as const;

export const portfolioItemSchema = answerObject(itemFields);
export type PortfolioItem = FromSchema<typeof portfolioItemSchema>;

const blockItemSchema = answerObject({ description: str, content: nullableStr, indexNumber: int, subtitle: str, value: str });

const feedbackEntrySchema = answerObject({
  id: int,
  name: str,
  createdAt: str,
  message: str,
  /** Only the author may remove feedback (docs/decisions.md). */
  canDelete: bool,
});
export type FeedbackEntry = FromSchema<typeof feedbackEntrySchema>;

const blockSchema = answerObject({
  key: str,
  type: { type: 'string', enum: ['FILE', 'REFLECTION'] },
  portfolioItemId: int,
  status: blockStatus,
  items: arrayOf(blockItemSchema),
  feedbackItems: arrayOf(feedbackEntrySchema),
});
export type Block = FromSchema<typeof blockSchema>;

export const portfolioDetailSchema = answerObject({ ...itemFields, blocks: arrayOf(blockSchema) });
export type PortfolioDetail = FromSchema<typeof portfolioDetailSchema>;

const optionSchema = answerObject({ id: { type: ['integer', 'string'] }, name: str });
export type Option = FromSchema<typeof optionSchema>;

const filterFields = {
  classrooms: arrayOf(optionSchema),
  studyLevels: arrayOf(optionSchema),
  sections: arrayOf(optionSchema),
  chapters: arrayOf(optionSchema),
  lessons: arrayOf(optionSchema),
} as const;
export const portfolioFiltersSchema = answerObject(filterFields);
export type PortfolioFilters = FromSchema<typeof portfolioFiltersSchema>;

/** A student's portfolio (portfolioItems/users/{userId}): the filters of her items, and the items. */
export const studentPortfolioSchema = answerObject({ ...filterFields, items: arrayOf(portfolioItemSchema) });

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
export const PROGRESS_STATES = ['none', 'busy', 'submitted', 'G', 'V', 'O', 'check', 'approved'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];
const progressState = { type: 'string', enum: PROGRESS_STATES } as const;

const progressLessonSchema = answerObject({
  id: int,
  title: str,
  chapterId: int,
  /** How many students are in each state, counted by the server. */
  counts: answerObject({ none: int, busy: int, submitted: int, G: int, V: int, O: int, check: int, approved: int }),
  /** G / V / O of the graded items, approved or not (the state of an approved item hides its grade). */
  grades: answerObject({ G: int, V: int, O: int }),
});
export type ProgressLesson = FromSchema<typeof progressLessonSchema>;

const progressStudentSchema = answerObject({
  id: int,
  name: str,
  /** One per lesson, in the order of `lessons`. */
  states: arrayOf(progressState),
  /** The portfolio item of each cell (its feedback modal), or null when there is none. */
  items: arrayOf({ type: ['integer', 'null'] }),
});
export type ProgressStudent = FromSchema<typeof progressStudentSchema>;

/** 'Voortgang' of one class: its students × the lessons of its modules. */
export const classProgressSchema = answerObject(
  {
    classroomId: int,
    classroomName: str,
    chapters: arrayOf(answerObject({ id: int, name: str })),
    lessons: arrayOf(progressLessonSchema),
    students: arrayOf(progressStudentSchema),
    /** The period asked for ('YYYY-MM-DD'), or null without one. */
    from: nullableStr,
    to: nullableStr,
    /**
     * The class's activity (the rows of 'Activiteiten in de klas') per Dutch calendar day over the four
     * weeks up to the period's end, or up to today without one: 28 days, oldest first, days without
     * activity as 0. Absent in a copy stored before it existed.
     */
    activityPerDay: arrayOf(answerObject({ day: str, n: int })),
  },
  ['activityPerDay'],
);
export type ClassProgress = FromSchema<typeof classProgressSchema>;
