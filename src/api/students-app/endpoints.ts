import { shapes } from '../endpoint';
import { arrayOf, fields, idParams, intId } from '../schemas';
import { messageAnswer } from '../shared-types';
import {
  checkRequestedSchema,
  portfolioImageSchema,
  quizSavedSchema,
  studentLessonSchema,
  studentPortfolioItemSchema,
  studentTokensSchema,
  studyLevelSetSchema,
} from './types';

// Calls of the students' app: STUDENT tokens unless an entry says otherwise.
const { onlineOnly, queued, read } = shapes({ access: 'student' });

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
        properties: {
          description: text(500),
          subtitle: text(500),
          value: text(5000),
          indexNumber: { type: 'integer', minimum: 1, maximum: 100 },
        },
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
  requestCheck: queued(checkRequestedSchema)('student/checkRequests', { bodySchema: fields({ lessonId: intId }, ['lessonId']) }),
  cancelCheck: queued(messageAnswer)('student/checkRequests/{id}/cancel', { method: 'POST', params: idParams }),
  register: onlineOnly(studentTokensSchema)('student/register', {
    access: 'public',
    bodySchema: fields({ accessCode: text(40), email: text(254), name: text(100), password: text(200) }, [
      'accessCode',
      'email',
      'password',
    ]),
    sensitiveFields: ['password'],
  }),
  lessons: read(arrayOf(studentLessonSchema))('student/lessons'),
  savePortfolioItem: queued(studentPortfolioItemSchema)('student/portfolioItems', {
    bodySchema: fields(
      { lessonId: intId, blocks: { type: 'array', minItems: 1, maxItems: 10, items: portfolioBlock }, submit: { type: 'boolean' } },
      ['lessonId', 'blocks', 'submit'],
    ),
  }),
  portfolioImage: onlineOnly(portfolioImageSchema)('student/portfolioItems/{id}/image', {
    body: 'multipart',
    params: idParams,
  }),
  quizResult: queued(quizSavedSchema)('student/quizResults', {
    bodySchema: fields(
      {
        lessonId: intId,
        title: text(200),
        good: { type: 'integer', minimum: 0, maximum: 10000 },
        total: { type: 'integer', minimum: 1, maximum: 10000 },
        type: { type: 'string', pattern: '^[a-z_-]{1,20}$' },
      },
      ['lessonId', 'title', 'good', 'total'],
    ),
  }),
  // Ends this session of the app (29.10): its refresh token family is revoked, its access tokens stop.
  logout: onlineOnly(messageAnswer)('student/logout', { method: 'POST' }),
  studyLevel: queued(studyLevelSetSchema)('student/studyLevel', {
    bodySchema: fields({ level: { type: 'string', minLength: 1, maxLength: 60 } }, ['level']),
  }),
} as const;
