import { endpoint } from '../endpoint';
import { idParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Teacher } from './types';

/** The school's teachers: list, (de)activate and invite (part 2 §7). */
export const teachers = {
  list: endpoint<Teacher[]>()({ method: 'GET', path: 'organisations/teachers', kind: 'read', offline: 'cache', access: 'portal' }),
  activate: endpoint<Message>()({
    method: 'GET',
    path: 'organisations/activateTeacher/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  deactivate: endpoint<Message>()({
    method: 'GET',
    path: 'organisations/deactivateTeacher/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  invite: endpoint<Message>()({
    method: 'POST',
    path: 'organisations/saveTeacher',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'] },
  }),
} as const;
