import { endpoint } from '../endpoint';
import { idList, idParams, intId } from '../schemas';
import type { PortfolioDetail, PortfolioFilters, PortfolioItem } from './types';

const grade = { type: 'string', enum: ['PERFECT', 'GOOD', 'WRONG', ''] } as const;

const listFilters = {
  classrooms: idList,
  studyLevels: { type: 'array', items: { type: 'string', maxLength: 60 }, maxItems: 50 },
  sections: idList,
  chapters: idList,
  lessons: idList,
  started: { type: 'array', items: { type: 'integer', enum: [0, 1] }, maxItems: 2 },
  gradings: { type: 'array', items: { type: 'integer', enum: [0, 1] }, maxItems: 2 },
  sort: { type: 'string', maxLength: 40 },
  mode: { type: 'string', maxLength: 40 },
  query: { type: 'string', maxLength: 200 },
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  limit: { type: 'integer', minimum: 1, maximum: 5000 },
  search: { type: 'string', maxLength: 200 },
} as const;

/** Portfolios and feedback on them (part 2 §7). */
export const portfolios = {
  details: endpoint<PortfolioDetail>()({ method: 'GET', path: 'portfolioItems/details/{id}', kind: 'read', offline: 'cache', access: 'portal', params: idParams }),
  saveFeedback: endpoint<PortfolioDetail>()({
    method: 'POST',
    path: 'portfolioItems/saveFeedback',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        portfolioItemId: intId,
        key: { type: 'string', minLength: 1, maxLength: 64 },
        teacherId: intId,
        message: { type: 'string', minLength: 1, maxLength: 5000 },
        readAt: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
      },
      required: ['portfolioItemId', 'key', 'message'],
    },
  }),
  removeFeedback: endpoint<PortfolioDetail>()({
    method: 'POST',
    path: 'portfolioItems/removeFeedback/{feedbackId}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: { type: 'object', properties: { feedbackId: intId }, required: ['feedbackId'], additionalProperties: false },
  }),
  saveFeedbackStatus: endpoint<PortfolioDetail>()({
    method: 'POST',
    path: 'portfolioItems/saveFeedbackStatus',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        portfolioItemId: intId,
        status: grade,
        key: { type: 'string', minLength: 1, maxLength: 64 },
        teacherId: intId,
        /** The status the teacher saw; a different server status means another teacher graded (409). */
        previousStatus: grade,
      },
      required: ['portfolioItemId', 'status', 'key'],
    },
  }),
  selection: endpoint<PortfolioFilters>()({
    method: 'POST',
    path: 'portfolioItems/selection',
    kind: 'read',
    offline: 'cache',
    access: 'portal', activeSchool: true,
    query: {
      type: 'object',
      properties: { classroom: intId, section: intId, chapter: intId, lesson: intId },
    },
  }),
  filters: endpoint<PortfolioFilters>()({
    method: 'POST',
    path: 'portfolioItems/filters',
    kind: 'read',
    offline: 'cache',
    access: 'portal', activeSchool: true,
    body: 'json',
    bodySchema: { type: 'object', properties: listFilters },
  }),
  list: endpoint<PortfolioItem[]>()({
    method: 'POST',
    path: 'portfolioItems/list',
    kind: 'read',
    offline: 'cache',
    access: 'portal', activeSchool: true,
    body: 'json',
    query: { type: 'object', properties: { moduleFilters: { type: 'integer', enum: [0, 2] } } },
    bodySchema: { type: 'object', properties: listFilters },
  }),
} as const;
