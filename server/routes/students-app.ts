/** Calls of the students' app (docs/api-students-app.md). */
import type { api } from '../../src/api/catalogue';
import { studentCheckRequestHandlers } from './check-requests';
import type { Handlers } from './handler';
import { studentPortfolioHandlers } from './student-portfolio';
import { studentRegistrationHandlers } from './student-registration';
import { studentWorkHandlers } from './student-work';

export const studentsAppHandlers: Handlers<typeof api.studentsApp> = {
  ...studentCheckRequestHandlers,
  ...studentRegistrationHandlers,
  ...studentPortfolioHandlers,
  ...studentWorkHandlers,
};
