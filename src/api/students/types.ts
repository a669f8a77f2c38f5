/** Answer schemas and types of the student screens (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, nullableInt, nullableStr, num, str } from '../schemas';
import { roleSchema } from '../shared-types';

export const userDetailsSchema = answerObject(
  {
    active: bool,
    canDownloadPdf: bool,
    canSwitchStudyLevel: bool,
    classroomTexts: str,
    classrooms: arrayOf(int),
    email: str,
    hasEnabledClassrooms: bool,
    id: int,
    isExternal: bool,
    lastActive: nullableStr,
    lastLogin: nullableStr,
    lastLessonId: nullableInt,
    lastLessonImage: nullableStr,
    lastLessonName: nullableStr,
    name: str,
    organisationFrontType: str,
    organisationFrontId: int,
    organisationFrontLocation: str,
    organisationFrontName: str,
    regDate: str,
    role: roleSchema,
    roleText: str,
    studyLevel: nullableStr,
    /**
     * Issue 31: the day an inactive student or a leaver is deleted (her last activity plus the school's
     * retention months), null while she is active. Missing in answers cached before it existed.
     */
    deleteOn: nullableStr,
  },
  ['deleteOn'],
);
export type UserDetails = FromSchema<typeof userDetailsSchema>;

export const quizResultSchema = answerObject({
  dateText: str,
  title: str,
  percentage: num,
  good: int,
  total: int,
  /** Beyond the spec's fields: 'personality' has no right answers, so the profile shows no score. */
  type: { type: 'string', enum: ['quiz', 'personality'] },
});
export type QuizResult = FromSchema<typeof quizResultSchema>;

/** What 'Leerling definitief verwijderen' removes, counted for the confirm dialog. */
const erasureCountsSchema = answerObject({
  classes: int,
  portfolioItems: int,
  feedback: int,
  quizResults: int,
  checkRequests: int,
  activities: int,
  files: int,
});
export type ErasureCounts = FromSchema<typeof erasureCountsSchema>;

/** One line of 'Wie heeft dit ingezien'. */
const accessLogEntrySchema = answerObject({
  at: str,
  who: str,
  action: { type: 'string', enum: ['VIEW', 'CHANGE', 'EXPORT'] },
  subject: { type: 'string', enum: ['PROFILE', 'PORTFOLIO', 'RESULTS', 'DATA'] },
});
export type AccessLogEntry = FromSchema<typeof accessLogEntrySchema>;

/** The privacy tab of the student profile (issue 31.2), read fresh each time. */
export const studentPrivacySchema = answerObject({
  counts: erasureCountsSchema,
  accessLog: arrayOf(accessLogEntrySchema),
  /** As in UserDetails.deleteOn. */
  deleteOn: nullableStr,
  retentionMonths: int,
  /** How long the access log keeps a line. */
  accessLogDays: int,
});
export type StudentPrivacy = FromSchema<typeof studentPrivacySchema>;

export const portfolioCountSchema = answerObject({ count: int });
