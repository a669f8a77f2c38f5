/** Dashboard, classes and students (part 1 §7). */
import type { classrooms as area } from '../../src/api/endpoints/classrooms';
import type { Handlers } from './handler';

export const classroomsHandlers: Handlers<typeof area> = {};
