import { endpoint } from '../endpoint';
import type { Exam } from './types';

/** Exams (part 2 §7). */
export const exams = {
  list: endpoint<Exam[]>()({ method: 'GET', path: 'examinations/all', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  request: endpoint<{ downloadUrl: string }>()({
    method: 'GET',
    path: 'examinations/request/{fileId}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { fileId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['fileId'], additionalProperties: false },
  }),
} as const;
