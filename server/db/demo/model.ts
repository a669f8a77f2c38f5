/** The in-memory picture of the demo, built first and inserted afterwards. */
import type { StudyLevel } from './content';
import type { Rng } from './random';

export interface ChapterRow {
  id: number;
  sectionId: number;
  name: string;
  levels: readonly StudyLevel[];
  lessonIds: number[];
}

export interface LessonRow {
  id: number;
  chapterId: number;
  title: string;
}

export interface ClassroomRow {
  id: number;
  orgId: number;
  name: string;
  accessCode: string;
  mainTeacherId: number;
  level: StudyLevel;
  answersActivated: boolean;
  chapterIds: number[];
  studentIds: number[];
  createdAt: Date;
}

export interface StudentRow {
  id: number;
  orgId: number;
  email: string;
  name: string;
  level: StudyLevel;
  isExternal: boolean;
  canSwitchLevel: boolean;
  classIds: number[];
  regDate: Date;
  lastLogin: Date | null;
  lastActive: Date | null;
  lastLessonId: number | null;
}

export interface TeacherRow {
  id: number;
  email: string;
  name: string;
  passwordHash: string | null;
  organisations: readonly number[];
  currentOrg: number;
  currentClassroomId: number | null;
  studyLevel: string | null;
  inactiveSince: Date | null;
  invitedAt: Date | null;
  regDate: Date;
  lastLogin: Date | null;
}

export interface Model {
  now: Date;
  rng: Rng;
  /** now minus ms. */
  ago(ms: number): Date;
  chapters: ChapterRow[];
  lessons: Map<number, LessonRow>;
  teachers: TeacherRow[];
  students: StudentRow[];
  classrooms: ClassroomRow[];
}

export const classById = (m: Model, id: number): ClassroomRow => {
  const c = m.classrooms.find((x) => x.id === id);
  if (!c) throw new Error(`no classroom ${id}`);
  return c;
};

/** A lesson of one of the chapters assigned to the class. */
export function lessonOfClass(m: Model, classroom: ClassroomRow): LessonRow {
  const chapterId = m.rng.pick(classroom.chapterIds);
  const chapter = m.chapters.find((c) => c.id === chapterId);
  const lesson = chapter && m.lessons.get(m.rng.pick(chapter.lessonIds));
  if (!lesson) throw new Error(`no lesson for classroom ${classroom.id}`);
  return lesson;
}
