/** Answer schemas and types of the classes screens (spec part 1 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, nullableInt, nullableStr, str } from '../schemas';

export const classroomSchema = answerObject(
  {
    id: int,
    name: str,
    mainTeacherId: nullableInt,
    mainTeacherName: str,
    accessCode: str,
    defaultStudyLevel: str,
    studyLevel: str,
    studentCount: int,
    answersActivated: bool,
    chapters: arrayOf(int),
    hidden: bool,
    /** The school year of a class archived by the year change (issue 31): read-only, null for this year's classes. */
    archivedYear: nullableStr,
  },
  ['archivedYear'],
);
export type Classroom = FromSchema<typeof classroomSchema>;

const chapterSchema = answerObject({ id: int, name: str, firstLessonId: nullableInt });

export const sectionSchema = answerObject({ id: int, name: str, active: bool, chapters: arrayOf(chapterSchema) });
export type Section = FromSchema<typeof sectionSchema>;

export const studentSchema = answerObject(
  {
    id: int,
    name: str,
    email: str,
    lastLogin: nullableStr,
    isExternal: bool,
    classrooms: arrayOf(int),
    lastLessonId: nullableInt,
    lastLessonName: nullableStr,
    lastLessonTitle: nullableStr,
    lastActive: nullableStr,
    lastActiveText: str,
    studyLevel: nullableStr,
    /** Issue 31.2, 'Inactieve leerlingen' only: the day the retention job deletes her. */
    deleteOn: nullableStr,
  },
  ['deleteOn'],
);
export type Student = FromSchema<typeof studentSchema>;

export const massDeleteCheckSchema = answerObject({ safe: bool, portfolioCount: int });
