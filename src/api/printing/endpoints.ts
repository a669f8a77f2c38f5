import { onlineRead, shapes } from '../endpoint';
import { arrayOf, fields, intId, pathParams } from '../schemas';
import { downloadHashSchema, levelSchema } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2).
const { onlineOnly, read } = shapes({ activeSchool: true });

const flag = { type: 'integer', enum: [0, 1] } as const;

/** The print module: study levels of a chapter and the PDF download (part 2 §7). */
export const printing = {
  chapterLevels: read(arrayOf(levelSchema))('chapters/levels/{chapterId}', { params: pathParams({ chapterId: intId }) }),
  requestDownload: onlineOnly(downloadHashSchema)('chapterLessons/requestDownload/{firstLessonId}', {
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
  // The PDF of a print job (a Blob, not JSON). The hash is the credential, so the server also answers
  // a tab that has no token; the page sends its token, which must belong to the job's school.
  pdf: onlineRead<Blob>()('print/{hash}.pdf', {
    access: 'public',
    ownRoute: true,
    params: pathParams({ hash: { type: 'string', minLength: 16, maxLength: 64 } }),
  }),
} as const;
