import type { Classroom } from './types';

/**
 * A class not saved yet: what the server answers for the new-class form (details of id 0), and what
 * the class list shows of a new class while its save waits in the outbox.
 */
export const blankClassroom = (id: number, mainTeacherId: number | null, mainTeacherName: string): Classroom => ({
  id,
  name: '',
  mainTeacherId,
  mainTeacherName,
  accessCode: '',
  defaultStudyLevel: '',
  studyLevel: '',
  studentCount: 0,
  answersActivated: false,
  chapters: [],
  hidden: false,
});
