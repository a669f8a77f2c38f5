/** Calls of the students' app (docs/api-students-app.md). */
import type { studentsApp as area } from '../../src/api/endpoints/students-app';
import { studentCheckRequestHandlers } from './check-requests';
import type { Handlers } from './handler';

export const studentsAppHandlers: Handlers<typeof area> = {
  ...studentCheckRequestHandlers,
};
