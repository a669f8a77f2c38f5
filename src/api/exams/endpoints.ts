import { shapes } from '../endpoint';
import { pathParams } from '../schemas';
import type { Exam } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2).
const { onlineOnly, read } = shapes({ activeSchool: true });

/** Exams (part 2 §7). */
export const exams = {
  list: read<Exam[]>()('examinations/all'),
  request: onlineOnly<{ downloadUrl: string }>()('examinations/request/{fileId}', {
    params: pathParams({ fileId: { type: 'string', minLength: 1, maxLength: 64 } }),
  }),
} as const;
