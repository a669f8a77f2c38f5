/** Calls of the students' app. */
import type { studentsApp as area } from '../../src/api/endpoints/students-app';
import type { Handlers } from './handler';

export const studentsAppHandlers: Handlers<typeof area> = {};
