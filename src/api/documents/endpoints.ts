import { onlineRead, shapes } from '../endpoint';
import { arrayOf, baseOf, fields, idParams, intId, pathParams } from '../schemas';
import { messageAnswer } from '../shared-types';
import { savedSchema, teachingDocumentSchema } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2).
const { onlineOnly, queued, read } = shapes({ activeSchool: true });

/** What the document form edits; `base` holds it as the teacher saw it. */
const documentFields = { title: { type: 'string', maxLength: 2000 } } as const;

/** Shared teaching documents (part 2 §7). */
export const documents = {
  list: read(arrayOf(teachingDocumentSchema))('documents'),
  add: onlineOnly(savedSchema)('documents/add', { body: 'multipart' }),
  addFile: onlineOnly(teachingDocumentSchema)('documents/addFile/{id}', { body: 'multipart', params: idParams }),
  details: read(teachingDocumentSchema)('documents/details/{id}', { params: idParams }),
  save: queued(teachingDocumentSchema)('documents/save', {
    bodySchema: fields({ id: intId, ...documentFields, base: baseOf(documentFields) }, ['id', 'title']),
  }),
  delete: queued(messageAnswer)('documents/delete/{id}', { method: 'DELETE', params: idParams }),
  deleteFile: queued(messageAnswer)('documents/deleteFile/{id}', {
    method: 'DELETE',
    params: pathParams({ id: { type: 'string', minLength: 1, maxLength: 64 } }),
  }),
  // One store for every file: a document's, an exam's, a portfolio image. Opened with the token, or
  // by a new tab with the signed link (?u=&exp=&sig=) an answer carried; the worker keeps prepared
  // ones in Cache Storage under this path (src/offline/file-store.ts).
  file: onlineRead<Blob>()('files/{id}', {
    ownRoute: true,
    params: pathParams({ id: { type: 'string', minLength: 1, maxLength: 64 } }),
    query: fields({
      u: { type: 'string', maxLength: 20 },
      exp: { type: 'string', maxLength: 20 },
      sig: { type: 'string', maxLength: 200 },
    }),
  }),
} as const;
