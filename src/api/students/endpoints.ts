import { endpoint } from '../endpoint';
import { idList, idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { PortfolioFilters, PortfolioItem } from '../portfolios/types';
import type { QuizResult, UserDetails } from './types';

/** One student: profile, portfolio, quiz results and removal (part 1 §7, part 2 §7). */
export const students = {
  delete: endpoint<Message>()({
    method: 'DELETE',
    path: 'students/delete/{id}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    params: idParams,
  }),
  portfolioCount: endpoint<{ count: number }>()({
    method: 'DELETE',
    path: 'students/portfolioCount/{id}',
    kind: 'read',
    offline: 'online-only',
    access: 'portal',
    params: idParams,
  }),
  portfolio: endpoint<PortfolioFilters & { items: PortfolioItem[] }>()({
    method: 'GET',
    path: 'portfolioItems/users/{userId}',
    kind: 'read',
    offline: 'cache',
    access: 'portal',
    params: { type: 'object', properties: { userId: intId }, required: ['userId'], additionalProperties: false },
  }),
  details: endpoint<UserDetails>()({ method: 'GET', path: 'users/details/{id}', kind: 'read', offline: 'cache', access: 'portal', params: idParams }),
  save: endpoint<UserDetails | Message>()({
    method: 'POST',
    path: 'users/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    sensitiveFields: ['adminpassword', 'newpassword', 'repeatpassword'],
    bodySchema: {
      type: 'object',
      properties: {
        id: intId,
        email: { type: 'string', maxLength: 254 },
        name: { type: 'string', maxLength: 200 },
        studyLevel: { anyOf: [{ type: 'string', maxLength: 60 }, { type: 'null' }] },
        classrooms: idList,
        changepassword: { type: 'boolean' },
        adminpassword: { type: 'string', maxLength: 200 },
        newpassword: { type: 'string', maxLength: 200 },
        repeatpassword: { type: 'string', maxLength: 200 },
      },
      required: ['id'],
    },
  }),
  quizResults: endpoint<QuizResult[]>()({
    method: 'GET',
    path: 'students/quizResults/{userId}',
    kind: 'read',
    offline: 'cache',
    access: 'portal',
    params: { type: 'object', properties: { userId: intId }, required: ['userId'], additionalProperties: false },
  }),
} as const;
