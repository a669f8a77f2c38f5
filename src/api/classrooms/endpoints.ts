import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { arrayOf, baseOf, fields, idList, idParams, intId, pathParams } from '../schemas';
import { messageAnswer } from '../shared-types';
import { classroomSchema, massDeleteCheckSchema, sectionSchema, studentSchema } from './types';

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
  school: read(arrayOf(classroomSchema))('classrooms/school'),
  idleStudents: read(arrayOf(studentSchema))('organisations/students/idle'),
  orphanStudents: read(arrayOf(studentSchema))('organisations/students/orphans'),
  sections: read(arrayOf(sectionSchema))('organisations/sections'),
  details: read(classroomSchema)('classrooms/details/{id}', { params: idParams }),
  save: queued(classroomSchema)('classrooms/save', {
    bodySchema: fields({ id: intId, ...classFields, accessCode: { type: 'string', maxLength: 20 }, base: baseOf(classFields) }, [
      'id',
      'name',
      'defaultStudyLevel',
      'chapters',
    ]),
  }),
  delete: queued(messageAnswer)('classrooms/delete/{id}', { method: 'DELETE', params: idParams }),
  students: read(arrayOf(studentSchema))('classrooms/students/{id}', { params: idParams }),
  massMove: queued(messageAnswer)('students/bulk/massMove', {
    bodySchema: fields({ users: idList, targetClassroomId: intId, currentClassroomId: intId }, [
      'users',
      'targetClassroomId',
      'currentClassroomId',
    ]),
  }),
  massDeleteCheck: onlineRead(massDeleteCheckSchema)('students/bulk/massDeleteCheck', {
    bodySchema: fields({ users: idList }, ['users']),
  }),
  massDelete: onlineOnly(messageAnswer)('students/bulk/massDelete', { bodySchema: fields({ users: idList }, ['users']) }),
  bulkAction: onlineOnly(messageAnswer)('students/bulk/{action}', {
    params: pathParams({ action: { type: 'string', minLength: 1, maxLength: 40 } }),
    bodySchema: fields({ users: idList }, ['users']),
  }),
} as const;
