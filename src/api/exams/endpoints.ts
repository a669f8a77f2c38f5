import { shapes } from '../endpoint';
import { arrayOf, pathParams } from '../schemas';
import { examRequestSchema, examSchema } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2).
const { onlineOnly, read } = shapes({ activeSchool: true });

/** Exams (part 2 §7). */
export const exams = {
  list: read(arrayOf(examSchema))('examinations/all'),
  request: onlineOnly(examRequestSchema)('examinations/request/{fileId}', {
    params: pathParams({ fileId: { type: 'string', minLength: 1, maxLength: 64 } }),
  }),
} as const;
