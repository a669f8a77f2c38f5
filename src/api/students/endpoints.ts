import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { baseOf, email, fields, idList, idParams, intId, pathParams } from '../schemas';
import type { Message } from '../shared-types';
import type { PortfolioFilters, PortfolioItem } from '../portfolios/types';
import type { QuizResult, StudentPrivacy, UserDetails } from './types';

/** What the profile tab edits; `base` holds them as the teacher saw them. */
const profileFields = {
  email,
  name: { type: 'string', maxLength: 200 },
  studyLevel: { anyOf: [{ type: 'string', maxLength: 60 }, { type: 'null' }] },
  classrooms: idList,
} as const;

/** One student: profile, portfolio, quiz results and removal (part 1 §7, part 2 §7). */
export const students = {
  delete: onlineOnly<Message>()('students/delete/{id}', { method: 'DELETE', params: idParams }),
  portfolioCount: onlineRead<{ count: number }>()('students/portfolioCount/{id}', { method: 'DELETE', params: idParams }),
  portfolio: read<PortfolioFilters & { items: PortfolioItem[] }>()('portfolioItems/users/{userId}', { portfolio: true, params: pathParams({ userId: intId }) }),
  details: read<UserDetails>()('users/details/{id}', { params: idParams }),
  save: queued<UserDetails | Message>()('users/save', {
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
  quizResults: read<QuizResult[]>()('students/quizResults/{userId}', { params: pathParams({ userId: intId }) }),
  // Issue 31.2, the privacy tab: counts, retention and the access log, always fresh (never cached).
  privacy: onlineRead<StudentPrivacy>()('students/privacy/{id}', { params: idParams }),
  // Everything held about her as a ZIP (server/areas/students/data-export.ts): a download, not JSON.
  exportData: onlineRead<Blob>()('students/export/{id}', { ownRoute: true, params: idParams }),
  // 'Leerling definitief verwijderen': the account, her work, files and every row that names her.
  erase: onlineOnly<Message>()('students/erase/{id}', { method: 'DELETE', params: idParams }),
} as const;
