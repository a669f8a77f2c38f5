import { shapes } from '../endpoint';
import { arrayOf, fields, idList, idParams, intId, pathParams } from '../schemas';
import { classProgressSchema, portfolioDetailSchema, portfolioFiltersSchema, portfolioItemSchema } from './types';

const { queued, read } = shapes({ portfolio: true });

const grade = { type: 'string', enum: ['PERFECT', 'GOOD', 'WRONG', ''] } as const;

/** A calendar day as the date picker sends it; whether it exists and the range makes sense is the handler's check. */
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

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
  /** 'Periode' on 'Alle activiteiten' (issue 32): last worked on within these days. */
  from: day,
  to: day,
} as const;

/** Portfolios and feedback on them (part 2 §7). */
export const portfolios = {
  details: read(portfolioDetailSchema)('portfolioItems/details/{id}', { params: idParams }),
  saveFeedback: queued(portfolioDetailSchema)('portfolioItems/saveFeedback', {
    bodySchema: fields(
      {
        portfolioItemId: intId,
        key: { type: 'string', minLength: 1, maxLength: 64 },
        teacherId: intId,
        message: { type: 'string', minLength: 1, maxLength: 5000 },
        readAt: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
      },
      ['portfolioItemId', 'key', 'message'],
    ),
  }),
  removeFeedback: queued(portfolioDetailSchema)('portfolioItems/removeFeedback/{feedbackId}', {
    method: 'POST',
    params: pathParams({ feedbackId: intId }),
  }),
  saveFeedbackStatus: queued(portfolioDetailSchema)('portfolioItems/saveFeedbackStatus', {
    bodySchema: fields(
      {
        portfolioItemId: intId,
        status: grade,
        key: { type: 'string', minLength: 1, maxLength: 64 },
        teacherId: intId,
        /** The status the teacher saw; a different server status means another teacher graded (409). */
        previousStatus: grade,
      },
      ['portfolioItemId', 'status', 'key'],
    ),
  }),
  selection: read(portfolioFiltersSchema)('portfolioItems/selection', {
    method: 'POST',
    activeSchool: true,
    query: fields({ classroom: intId, section: intId, chapter: intId, lesson: intId }),
  }),
  filters: read(portfolioFiltersSchema)('portfolioItems/filters', { activeSchool: true, bodySchema: fields(listFilters) }),
  /** 'Voortgang' of a class (issue 32): students × lessons, optionally within a period. */
  progress: read(classProgressSchema)('portfolioItems/progress/{id}', {
    activeSchool: true,
    params: idParams,
    query: fields({ from: day, to: day }),
  }),
  list: read(arrayOf(portfolioItemSchema))('portfolioItems/list', {
    activeSchool: true,
    query: fields({ moduleFilters: { type: 'integer', enum: [0, 2] } }),
    bodySchema: fields(listFilters),
  }),
} as const;
