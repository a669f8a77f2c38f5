import { endpoint } from '../endpoint';
import { idList, idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { Classroom, Section, Student } from './types';

/** Classes, their students and the bulk actions on students (part 1 §7). */
export const classrooms = {
  school: endpoint<Classroom[]>()({ method: 'GET', path: 'classrooms/school', kind: 'read', offline: 'cache', access: 'portal' }),
  idleStudents: endpoint<Student[]>()({ method: 'GET', path: 'organisations/students/idle', kind: 'read', offline: 'cache', access: 'portal' }),
  orphanStudents: endpoint<Student[]>()({ method: 'GET', path: 'organisations/students/orphans', kind: 'read', offline: 'cache', access: 'portal' }),
  sections: endpoint<Section[]>()({ method: 'GET', path: 'organisations/sections', kind: 'read', offline: 'cache', access: 'portal' }),
  details: endpoint<Classroom>()({ method: 'GET', path: 'classrooms/details/{id}', kind: 'read', offline: 'cache', access: 'portal', params: idParams }),
  save: endpoint<Classroom>()({
    method: 'POST',
    path: 'classrooms/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        id: intId,
        name: { type: 'string', maxLength: 100 },
        mainTeacherId: { anyOf: [intId, { type: 'null' }] },
        accessCode: { type: 'string', maxLength: 20 },
        defaultStudyLevel: { type: 'string', maxLength: 60 },
        answersActivated: { type: 'boolean' },
        chapters: idList,
      },
      required: ['id', 'name', 'defaultStudyLevel', 'chapters'],
    },
  }),
  delete: endpoint<Message>()({ method: 'DELETE', path: 'classrooms/delete/{id}', kind: 'write', offline: 'queue', access: 'portal', params: idParams }),
  students: endpoint<Student[]>()({ method: 'GET', path: 'classrooms/students/{id}', kind: 'read', offline: 'cache', access: 'portal', params: idParams }),
  massMove: endpoint<Message>()({
    method: 'POST',
    path: 'students/bulk/massMove',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: { users: idList, targetClassroomId: intId, currentClassroomId: intId },
      required: ['users', 'targetClassroomId', 'currentClassroomId'],
    },
  }),
  massDeleteCheck: endpoint<{ safe: boolean; portfolioCount: number }>()({
    method: 'POST',
    path: 'students/bulk/massDeleteCheck',
    kind: 'read',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: { type: 'object', properties: { users: idList }, required: ['users'] },
  }),
  massDelete: endpoint<Message>()({
    method: 'POST',
    path: 'students/bulk/massDelete',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: { type: 'object', properties: { users: idList }, required: ['users'] },
  }),
  bulkAction: endpoint<Message>()({
    method: 'POST',
    path: 'students/bulk/{action}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    params: {
      type: 'object',
      properties: { action: { type: 'string', minLength: 1, maxLength: 40 } },
      required: ['action'],
      additionalProperties: false,
    },
    bodySchema: { type: 'object', properties: { users: idList }, required: ['users'] },
  }),
} as const;
