import { endpoint } from '../endpoint';
import { intId } from '../schemas';
import type { Level } from './types';

const flag = { type: 'integer', enum: [0, 1] } as const;

/** The print module: study levels of a chapter and the PDF download (part 2 §7). */
export const printing = {
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
} as const;
