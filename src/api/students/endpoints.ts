import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { arrayOf, baseOf, email, fields, idList, idParams, intId, pathParams } from '../schemas';
import { messageAnswer } from '../shared-types';
import { studentPortfolioSchema } from '../portfolios/types';
import { portfolioCountSchema, quizResultSchema, studentPrivacySchema, userDetailsSchema } from './types';

/** What the profile tab edits; `base` holds them as the teacher saw them. */
const profileFields = {
  email,
  name: { type: 'string', maxLength: 200 },
  studyLevel: { anyOf: [{ type: 'string', maxLength: 60 }, { type: 'null' }] },
  classrooms: idList,
} as const;

/** One student: profile, portfolio, quiz results and removal (part 1 §7, part 2 §7). */
export const students = {
  delete: onlineOnly(messageAnswer)('students/delete/{id}', { method: 'DELETE', params: idParams }),
  portfolioCount: onlineRead(portfolioCountSchema)('students/portfolioCount/{id}', { method: 'DELETE', params: idParams }),
  portfolio: read(studentPortfolioSchema)('portfolioItems/users/{userId}', { portfolio: true, params: pathParams({ userId: intId }) }),
  details: read(userDetailsSchema)('users/details/{id}', { params: idParams }),
  save: queued(userDetailsSchema)('users/save', {
    sensitiveFields: ['adminpassword', 'newpassword', 'repeatpassword'],
    bodySchema: fields(
      {
        id: intId,
        ...profileFields,
        base: baseOf(profileFields),
        changepassword: { type: 'boolean' },
        adminpassword: { type: 'string', maxLength: 200 },
        newpassword: { type: 'string', maxLength: 200 },
        repeatpassword: { type: 'string', maxLength: 200 },
      },
      ['id'],
    ),
  }),
  quizResults: read(arrayOf(quizResultSchema))('students/quizResults/{userId}', { params: pathParams({ userId: intId }) }),
  // Issue 31.2, the privacy tab: counts, retention and the access log, always fresh (never cached).
  privacy: onlineRead(studentPrivacySchema)('students/privacy/{id}', { params: idParams }),
  // Everything held about her as a ZIP (server/areas/students/data-export.ts): a download, not JSON.
  exportData: onlineRead<Blob>()('students/export/{id}', { ownRoute: true, params: idParams }),
  // 'Leerling definitief verwijderen': the account, her work, files and every row that names her.
  erase: onlineOnly(messageAnswer)('students/erase/{id}', { method: 'DELETE', params: idParams }),
} as const;
