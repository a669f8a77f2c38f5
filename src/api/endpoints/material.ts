import { endpoint } from '../endpoint';
import { idParams, intId } from '../schemas';
import type { Exam, Level, Message, Saved, TeachingDocument } from '../types';

const flag = { type: 'integer', enum: [0, 1] } as const;

/** Teachers, shared teaching material, printing and exams (part 2 §7). */
export const material = {
  activateTeacher: endpoint<Message>()({
    method: 'GET',
    path: 'organisations/activateTeacher/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  deactivateTeacher: endpoint<Message>()({
    method: 'GET',
    path: 'organisations/deactivateTeacher/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  inviteTeacher: endpoint<Message>()({
    method: 'POST',
    path: 'organisations/saveTeacher',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'] },
  }),
  documents: endpoint<TeachingDocument[]>()({ method: 'GET', path: 'documents', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  addDocument: endpoint<Saved>()({ method: 'POST', path: 'documents/add', kind: 'write', offline: 'online-only', access: 'portal', activeSchool: true, body: 'multipart' }),
  addDocumentFile: endpoint<TeachingDocument>()({
    method: 'POST',
    path: 'documents/addFile/{id}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal', activeSchool: true,
    body: 'multipart',
    params: idParams,
  }),
  documentDetails: endpoint<TeachingDocument>()({ method: 'GET', path: 'documents/details/{id}', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true, params: idParams }),
  saveDocument: endpoint<TeachingDocument>()({
    method: 'POST',
    path: 'documents/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    body: 'json',
    bodySchema: { type: 'object', properties: { id: intId, title: { type: 'string', maxLength: 2000 } }, required: ['id', 'title'] },
  }),
  deleteDocument: endpoint<Message>()({ method: 'DELETE', path: 'documents/delete/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  deleteDocumentFile: endpoint<Message>()({
    method: 'DELETE',
    path: 'documents/deleteFile/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['id'], additionalProperties: false },
  }),
  chapterLevels: endpoint<Level[]>()({
    method: 'GET',
    path: 'chapters/levels/{chapterId}',
    kind: 'read',
    offline: 'cache',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { chapterId: intId }, required: ['chapterId'], additionalProperties: false },
  }),
  requestDownload: endpoint<{ hash: string }>()({
    method: 'GET',
    path: 'chapterLessons/requestDownload/{firstLessonId}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { firstLessonId: intId }, required: ['firstLessonId'], additionalProperties: false },
    query: {
      type: 'object',
      properties: {
        showContent: flag,
        showPictures: flag,
        showAssignmentLines: flag,
        showAssignments: flag,
        showAnswers: flag,
        showTerms: flag,
        showDefinitions: flag,
        showDefinitionLines: flag,
        studyLevel: { type: 'string', maxLength: 60 },
      },
    },
  }),
  exams: endpoint<Exam[]>()({ method: 'GET', path: 'examinations/all', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  requestExam: endpoint<{ downloadUrl: string }>()({
    method: 'GET',
    path: 'examinations/request/{fileId}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { fileId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['fileId'], additionalProperties: false },
  }),
} as const;
