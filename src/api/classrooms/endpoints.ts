import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { baseOf, fields, idList, idParams, intId, pathParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Classroom, Section, Student } from './types';

/** What the class form edits; `base` holds them as the teacher saw them. */
const classFields = {
  name: { type: 'string', maxLength: 100 },
  mainTeacherId: { anyOf: [intId, { type: 'null' }] },
  defaultStudyLevel: { type: 'string', maxLength: 60 },
  answersActivated: { type: 'boolean' },
  chapters: idList,
} as const;

/** Classes, their students and the bulk actions on students (part 1 §7). */
export const classrooms = {
  /** This year's classes (last year's, archived by the year change of issue 31, are schoolYear.archivedClasses). */
  school: read<Classroom[]>()('classrooms/school'),
  idleStudents: read<Student[]>()('organisations/students/idle'),
  orphanStudents: read<Student[]>()('organisations/students/orphans'),
  sections: read<Section[]>()('organisations/sections'),
  details: read<Classroom>()('classrooms/details/{id}', { params: idParams }),
  save: queued<Classroom>()('classrooms/save', {
    bodySchema: fields(
      { id: intId, ...classFields, accessCode: { type: 'string', maxLength: 20 }, base: baseOf(classFields) },
      ['id', 'name', 'defaultStudyLevel', 'chapters'],
    ),
  }),
  delete: queued<Message>()('classrooms/delete/{id}', { method: 'DELETE', params: idParams }),
  students: read<Student[]>()('classrooms/students/{id}', { params: idParams }),
  massMove: queued<Message>()('students/bulk/massMove', {
    bodySchema: fields({ users: idList, targetClassroomId: intId, currentClassroomId: intId }, ['users', 'targetClassroomId', 'currentClassroomId']),
  }),
  massDeleteCheck: onlineRead<{ safe: boolean; portfolioCount: number }>()('students/bulk/massDeleteCheck', {
    bodySchema: fields({ users: idList }, ['users']),
  }),
  massDelete: onlineOnly<Message>()('students/bulk/massDelete', { bodySchema: fields({ users: idList }, ['users']) }),
  bulkAction: onlineOnly<Message>()('students/bulk/{action}', {
    params: pathParams({ action: { type: 'string', minLength: 1, maxLength: 40 } }),
    bodySchema: fields({ users: idList }, ['users']),
  }),
} as const;
