import { onlineOnly, queued, read } from '../endpoint';
import { email, fields, idParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Teacher } from './types';

/** The school's teachers: list, (de)activate and invite (part 2 §7). */
export const teachers = {
  list: read<Teacher[]>()('organisations/teachers'),
  activate: queued<Message>()('organisations/activateTeacher/{id}', { params: idParams }),
  deactivate: queued<Message>()('organisations/deactivateTeacher/{id}', { params: idParams }),
  invite: onlineOnly<Message>()('organisations/saveTeacher', { bodySchema: fields({ email }, ['email']) }),
} as const;
