/** Answer schemas and types of the students' app calls (docs/api-students-app.md). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, nullableStr, num, str } from '../schemas';

/** Tokens of a new student account: the same pair as `users/authenticate` answers. */
export const studentTokensSchema = answerObject({ accessToken: str, refreshToken: str });

export const studentLessonSchema = answerObject({ id: int, title: str, chapterId: int, chapterName: str });
export type StudentLesson = FromSchema<typeof studentLessonSchema>;

const studentPortfolioBlockSchema = answerObject({
  key: str,
  type: { type: 'string', enum: ['FILE', 'REFLECTION'] },
  isSubmitted: bool,
  /** The teacher's grade: PERFECT, GOOD, WRONG or '' (not graded yet). */
  status: str,
  items: arrayOf(answerObject({ indexNumber: int, description: str, subtitle: str, value: str, hasFile: bool })),
});

export const studentPortfolioItemSchema = answerObject({
  id: int,
  lessonId: int,
  submittedAt: nullableStr,
  blocks: arrayOf(studentPortfolioBlockSchema),
});
export type StudentPortfolioItem = FromSchema<typeof studentPortfolioItemSchema>;

export const checkRequestedSchema = answerObject({ id: int, status: str });
export const portfolioImageSchema = answerObject({ fileId: str, message: str });
export const quizSavedSchema = answerObject({ id: int, percentage: num });
export const studyLevelSetSchema = answerObject({ studyLevel: str, message: str });
