import { shapes } from '../endpoint';
import { fields, intId, pathParams } from '../schemas';
import type { Level } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2).
const { onlineOnly, read } = shapes({ activeSchool: true });

const flag = { type: 'integer', enum: [0, 1] } as const;

/** The print module: study levels of a chapter and the PDF download (part 2 §7). */
export const printing = {
  chapterLevels: read<Level[]>()('chapters/levels/{chapterId}', { params: pathParams({ chapterId: intId }) }),
  requestDownload: onlineOnly<{ hash: string }>()('chapterLessons/requestDownload/{firstLessonId}', {
    params: pathParams({ firstLessonId: intId }),
    query: fields({
      showContent: flag,
      showPictures: flag,
      showAssignmentLines: flag,
      showAssignments: flag,
      showAnswers: flag,
      showTerms: flag,
      showDefinitions: flag,
      showDefinitionLines: flag,
      studyLevel: { type: 'string', maxLength: 60 },
    }),
  }),
} as const;
