import { endpoint } from '../endpoint';
import { idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { Saved, TeachingDocument } from './types';

/** Shared teaching documents (part 2 §7). */
export const documents = {
  list: endpoint<TeachingDocument[]>()({ method: 'GET', path: 'documents', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  add: endpoint<Saved>()({ method: 'POST', path: 'documents/add', kind: 'write', offline: 'online-only', access: 'portal', activeSchool: true, body: 'multipart' }),
  addFile: endpoint<TeachingDocument>()({
    method: 'POST',
    path: 'documents/addFile/{id}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal', activeSchool: true,
    body: 'multipart',
    params: idParams,
  }),
  details: endpoint<TeachingDocument>()({ method: 'GET', path: 'documents/details/{id}', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true, params: idParams }),
  save: endpoint<TeachingDocument>()({
    method: 'POST',
    path: 'documents/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    body: 'json',
    bodySchema: { type: 'object', properties: { id: intId, title: { type: 'string', maxLength: 2000 } }, required: ['id', 'title'] },
  }),
  delete: endpoint<Message>()({ method: 'DELETE', path: 'documents/delete/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  deleteFile: endpoint<Message>()({
    method: 'DELETE',
    path: 'documents/deleteFile/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['id'], additionalProperties: false },
  }),
} as const;
