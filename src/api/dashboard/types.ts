/** Answer schemas and types of the dashboard (spec part 1 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, flag01, int, nullableInt, nullableStr, orNull, str } from '../schemas';

const activityTypes = ['LOGIN', 'REGISTER', 'QUIZ', 'PORTFOLIO_ITEM', 'CHECK_REQUEST'] as const;
const checkStatuses = ['OPEN', 'APPROVED', 'REJECTED', 'CANCELED', 'EXPIRED', 'APPROVED_EXPIRED'] as const;
export type ActivityType = (typeof activityTypes)[number];
export type CheckStatus = (typeof checkStatuses)[number];

export const activitySchema = answerObject({
  id: int,
  typeText: { type: 'string', enum: activityTypes },
  read: flag01,
  dateTimeCreatedText: str,
  userId: int,
  userName: str,
  userQuizResult: orNull(answerObject({ title: str, type: str, good: int, total: int, scoreText: str })),
  portfolioItem: orNull(answerObject({ lessonTitle: str })),
  lessonId: nullableInt,
  lessonName: nullableStr,
  targetId: nullableInt,
  targetStatus: { type: ['string', 'null'], enum: [...checkStatuses, null] },
});
export type Activity = FromSchema<typeof activitySchema>;
