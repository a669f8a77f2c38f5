import { endpoint } from '../endpoint';
import { intId } from '../schemas';
import type { Message } from '../shared-types';
import type { StudentLesson, StudentPortfolioItem, StudentTokens } from './types';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const portfolioBlock = {
  type: 'object',
  properties: {
    key: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    type: { type: 'string', enum: ['FILE', 'REFLECTION'] },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        properties: { description: text(500), subtitle: text(500), value: text(5000), indexNumber: { type: 'integer', minimum: 1, maximum: 100 } },
        required: ['indexNumber'],
      },
    },
  },
  required: ['key', 'type', 'items'],
} as const;

/**
 * Calls of the students' own app (another product) that this server answers: they create what the
 * portal shows (registrations, check requests, portfolio work, quiz results). STUDENT tokens only,
 * except registration, which creates the account; documented in docs/api-students-app.md.
 */
export const studentsApp = {
  requestCheck: endpoint<{ id: number; status: string }>()({
    method: 'POST',
    path: 'student/checkRequests',
    kind: 'write',
    offline: 'queue',
    access: 'student',
    body: 'json',
    bodySchema: { type: 'object', properties: { lessonId: intId }, required: ['lessonId'] },
  }),
  cancelCheck: endpoint<Message>()({
    method: 'POST',
    path: 'student/checkRequests/{id}/cancel',
    kind: 'write',
    offline: 'queue',
    access: 'student',
    params: { type: 'object', properties: { id: intId }, required: ['id'], additionalProperties: false },
  }),
  register: endpoint<StudentTokens>()({
    method: 'POST',
    path: 'student/register',
    kind: 'write',
    offline: 'online-only',
    access: 'public',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: { accessCode: text(40), email: text(254), name: text(100), password: text(200) },
      required: ['accessCode', 'email', 'password'],
    },
    sensitiveFields: ['password'],
  }),
  lessons: endpoint<StudentLesson[]>()({ method: 'GET', path: 'student/lessons', kind: 'read', offline: 'cache', access: 'student' }),
  savePortfolioItem: endpoint<StudentPortfolioItem>()({
    method: 'POST',
    path: 'student/portfolioItems',
    kind: 'write',
    offline: 'queue',
    access: 'student',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: { lessonId: intId, blocks: { type: 'array', minItems: 1, maxItems: 10, items: portfolioBlock }, submit: { type: 'boolean' } },
      required: ['lessonId', 'blocks', 'submit'],
    },
  }),
  portfolioImage: endpoint<{ fileId: string; message: string }>()({
    method: 'POST',
    path: 'student/portfolioItems/{id}/image',
    kind: 'write',
    offline: 'online-only',
    access: 'student',
    body: 'multipart',
    params: { type: 'object', properties: { id: intId }, required: ['id'], additionalProperties: false },
  }),
  quizResult: endpoint<{ id: number; percentage: number }>()({
    method: 'POST',
    path: 'student/quizResults',
    kind: 'write',
    offline: 'queue',
    access: 'student',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        lessonId: intId,
        title: text(200),
        good: { type: 'integer', minimum: 0, maximum: 10000 },
        total: { type: 'integer', minimum: 1, maximum: 10000 },
        type: { type: 'string', pattern: '^[a-z_-]{1,20}$' },
      },
      required: ['lessonId', 'title', 'good', 'total'],
    },
  }),
  studyLevel: endpoint<{ studyLevel: string; message: string }>()({
    method: 'POST',
    path: 'student/studyLevel',
    kind: 'write',
    offline: 'queue',
    access: 'student',
    body: 'json',
    bodySchema: { type: 'object', properties: { level: { type: 'string', minLength: 1, maxLength: 60 } }, required: ['level'] },
  }),
} as const;
