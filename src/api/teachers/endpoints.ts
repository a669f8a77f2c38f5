import { onlineOnly, queued, read } from '../endpoint';
import { arrayOf, email, fields, idParams } from '../schemas';
import { messageAnswer } from '../shared-types';
import { teacherSchema } from './types';

/** The school's teachers: list, (de)activate and invite (part 2 §7). */
export const teachers = {
  list: read(arrayOf(teacherSchema))('organisations/teachers'),
  activate: queued(messageAnswer)('organisations/activateTeacher/{id}', { params: idParams }),
  deactivate: queued(messageAnswer)('organisations/deactivateTeacher/{id}', { params: idParams }),
  invite: onlineOnly(messageAnswer)('organisations/saveTeacher', { bodySchema: fields({ email }, ['email']) }),
} as const;
