/** Answer schemas and types of the dashboard (spec part 1 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, flag01, int, nullableInt, nullableStr, orNull, str } from '../schemas';

const activityTypes = ['LOGIN', 'REGISTER', 'QUIZ', 'PORTFOLIO_ITEM', 'CHECK_REQUEST'] as const;
const checkStatuses = ['OPEN', 'APPROVED', 'REJECTED', 'CANCELED', 'EXPIRED', 'APPROVED_EXPIRED'] as const;
export type ActivityType = (typeof activityTypes)[number];
export type CheckStatus = (typeof checkStatuses)[number];

const activitySchema = answerObject({
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

/**
 * A page of the feed names the class it is of (null: the teacher has no class). Not in the spec, which
 * answers the list alone: a poll sent before a class change can answer after it, and only its class
 * tells the client that its rows are the old class's (use-activity-feed.ts).
 */
export const feedPageSchema = answerObject({ classroomId: nullableInt, activities: arrayOf(activitySchema) });
export type FeedPage = FromSchema<typeof feedPageSchema>;
