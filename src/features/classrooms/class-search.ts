/**
 * What the class screens' search boxes look through. Part 1 §2 names class name, level and code; §5
 * says the whole record: every value a row shows, as it is shown (the teacher's name, the level's
 * label, 'Schoolportaal' or the product's name). Not a class's place number: it follows the filter.
 */
import type { Classroom, Student } from '../../api/classrooms/types';
import { loginMethod } from './class-rules';

type Labels = Readonly<Record<string, string>>;

export const searchableClass = (levels: Labels) => (c: Classroom) => [
  c.name,
  c.mainTeacherName,
  c.studentCount,
  c.defaultStudyLevel,
  levels[c.defaultStudyLevel],
  c.accessCode,
];

export const searchableStudent = (systemName: string, levels: Labels) => (s: Student) => [
  s.name,
  s.email,
  loginMethod(s, systemName),
  s.lastLessonTitle,
  s.lastActiveText,
  s.studyLevel,
  s.studyLevel ? levels[s.studyLevel] : '',
];
