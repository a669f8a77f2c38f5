/** Answer types of the classes screens (spec part 1 §3). */

export interface Classroom {
  id: number;
  name: string;
  mainTeacherId: number | null;
  mainTeacherName: string;
  accessCode: string;
  defaultStudyLevel: string;
  studyLevel: string;
  studentCount: number;
  answersActivated: boolean;
  chapters: number[];
  hidden: boolean;
  /** The school year of a class archived by the year change (issue 31): read-only, null for this year's classes. */
  archivedYear?: string | null;
}

export interface Chapter {
  id: number;
  name: string;
  firstLessonId: number | null;
}

export interface Section {
  id: number;
  name: string;
  active: boolean;
  chapters: Chapter[];
}

export interface Student {
  id: number;
  name: string;
  email: string;
  lastLogin: string | null;
  isExternal: boolean;
  classrooms: number[];
  lastLessonId: number | null;
  lastLessonName: string | null;
  lastLessonTitle: string | null;
  lastActive: string | null;
  lastActiveText: string;
  studyLevel: string | null;
  /** Issue 31.2, 'Inactieve leerlingen' only: the day the retention job deletes her. */
  deleteOn?: string | null;
}
