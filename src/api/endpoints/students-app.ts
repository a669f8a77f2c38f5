import { endpoint } from '../endpoint';
import { intId } from '../schemas';
import type { Message } from '../types';

/**
 * Calls of the students' own app (another product) that this server answers: they create what the
 * portal shows (check requests, …). STUDENT tokens only; documented in docs/api.md.
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
} as const;
