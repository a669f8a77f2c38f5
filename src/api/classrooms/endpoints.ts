import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { fields, idList, idParams, intId, pathParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Classroom, Section, Student } from './types';

/** Classes, their students and the bulk actions on students (part 1 §7). */
export const classrooms = {
  school: read<Classroom[]>()('classrooms/school'),
  idleStudents: read<Student[]>()('organisations/students/idle'),
  orphanStudents: read<Student[]>()('organisations/students/orphans'),
  sections: read<Section[]>()('organisations/sections'),
  details: read<Classroom>()('classrooms/details/{id}', { params: idParams }),
  save: queued<Classroom>()('classrooms/save', {
    bodySchema: fields(
      {
        id: intId,
        name: { type: 'string', maxLength: 100 },
        mainTeacherId: { anyOf: [intId, { type: 'null' }] },
        accessCode: { type: 'string', maxLength: 20 },
        defaultStudyLevel: { type: 'string', maxLength: 60 },
        answersActivated: { type: 'boolean' },
        chapters: idList,
      },
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
