/** Answer schemas and types of the 'Nieuw schooljaar' wizard (issue 31): the plan for the year change and its outcome. */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, nullableInt, nullableStr, orNull, str } from '../schemas';

const classPlanSchema = answerObject(
  {
    id: int,
    name: str,
    level: str,
    studentCount: int,
    /** The leerjaar read from the name ('2B-a' → 2), null when the name starts with no number. */
    year: nullableInt,
    action: { type: 'string', enum: ['door', 'stopt'] },
    /** The next class's name (proposed or edited); two classes with one name are merged. */
    nextName: str,
    nextLevel: str,
    /** Why it stops when it stops on its own: 'eindexamenjaar'. */
    reason: str,
    edited: bool,
  },
  ['reason'],
);
export type ClassPlan = FromSchema<typeof classPlanSchema>;
/** What happens to a class: it goes on as a class of the next year, or it stops (the exam year leaves). */
export type ClassAction = ClassPlan['action'];

const studentPlanSchema = answerObject({
  id: int,
  name: str,
  /** Her classes this year, by name. */
  classNames: arrayOf(str),
  level: nullableStr,
  action: { type: 'string', enum: ['door', 'zitten', 'weg'] },
  nextLevel: nullableStr,
  /** The class she is in next year, null when none (her class stops and she stays at school). */
  nextClass: nullableStr,
  edited: bool,
});
export type StudentPlan = FromSchema<typeof studentPlanSchema>;
/** What happens to a student: on with her class, stays behind (zittenblijver), or leaves the school. */
export type StudentAction = StudentPlan['action'];

const newClassPlanSchema = answerObject({
  name: str,
  level: str,
  studentCount: int,
  /** Names of this year's classes it comes from; empty for a class made for students staying behind. */
  from: arrayOf(str),
});
export type NewClassPlan = FromSchema<typeof newClassPlanSchema>;

const yearCountsSchema = answerObject({
  classesBefore: int,
  classesAfter: int,
  students: int,
  door: int,
  zitten: int,
  weg: int,
  levelChanges: int,
  /** Students who stay at school without a class next year. */
  withoutClass: int,
  /** Licences in use now (this year's classes) and in the new year's classes, summed over modules. */
  licencesNow: int,
  licencesNext: int,
});
export type YearCounts = FromSchema<typeof yearCountsSchema>;

export const yearPlanSchema = answerObject({
  name: str,
  startsOn: str,
  /** The year the current classes are archived under ('2026-2027' before '2027-2028'). */
  previousName: str,
  /** When a leaver's data is due for deletion (docs/decisions.md: 12 months after she leaves). */
  retentionUntil: str,
  classes: arrayOf(classPlanSchema),
  students: arrayOf(studentPlanSchema),
  newClasses: arrayOf(newClassPlanSchema),
  counts: yearCountsSchema,
  /** The last year change of this school, if any. */
  lastApplied: orNull(answerObject({ name: str, appliedAt: str })),
});
export type YearPlan = FromSchema<typeof yearPlanSchema>;

const scheduledSchema = answerObject({
  name: str,
  startsOn: str,
  scheduledAt: str,
  /** Who planned it (null when her account is gone). */
  scheduledBy: nullableStr,
  /** The counts if it were applied now (today's classes and students); null when it cannot be as it stands. */
  counts: orNull(yearCountsSchema),
  /** Why it cannot be applied as it stands, or why the job could not apply it on the day. */
  problem: nullableStr,
});

/** Where the school stands: what the wizard proposes, and a year change that is planned but not yet in force. */
export const yearStatusSchema = answerObject({
  /** Today as the server counts it (a Dutch calendar day): the wizard's dates follow the server's clock. */
  today: str,
  /** The first day a start date may have: 1 July of the earliest school year that has not ended. */
  earliestStart: str,
  /** The year after the last one set (or after today), with its first Monday of September. */
  proposal: answerObject({ name: str, startsOn: str }),
  lastApplied: orNull(answerObject({ name: str, appliedAt: str })),
  scheduled: orNull(scheduledSchema),
});
export type YearStatus = FromSchema<typeof yearStatusSchema>;

export const yearAppliedSchema = answerObject({
  name: str,
  counts: yearCountsSchema,
  newClasses: arrayOf(answerObject({ id: int, name: str, accessCode: str, studentCount: int })),
  message: str,
});
export type YearApplied = FromSchema<typeof yearAppliedSchema>;

export const archivedYearSchema = answerObject({ name: str, classCount: int });
export type ArchivedYear = FromSchema<typeof archivedYearSchema>;
