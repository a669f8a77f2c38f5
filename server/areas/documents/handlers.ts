/**
 * Shared teaching material (part 2 §7 Documents): documents of the caller's school with their files.
 * Every teacher of the school sees them; only the owner edits, adds files or deletes (403 otherwise).
 */
import type { FastifyRequest } from 'fastify';
import type { api } from '../../../src/api/catalogue';
import type { TeachingDocument } from '../../../src/api/documents/types';
import type { SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { DOCUMENT_LINK_SECONDS, linkIssueTime, signedFileUrl } from '../../files/signed-url';
import { storeFile } from '../../files/stored-file';
import type { ParsedUploads } from '../../files/uploads';
import { mergeOrRefuse } from '../../http/field-merge';
import type { Handlers } from '../../http/handler';
import { badRequest, forbidden, notFound } from '../../http-error';
import {
  deleteDocument,
  deleteFile,
  documentFileOf,
  documentFileRows,
  documentOfUploadToken,
  documentRows,
  insertDocument,
  linkFile,
  nextFilePosition,
  lockDocument,
  renameDocument,
  touchDocument,
} from './queries';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
const NOT_FOUND = 'Dit lesmateriaal is niet gevonden.';
const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** Visible documents of the caller's school, or the one with `id`. */
async function loadDocuments(db: Queryable, app: AppContext, user: SessionUser, id?: number): Promise<TeachingDocument[]> {
  const rows = await documentRows(db, user.organisationId, id);
  if (rows.length === 0) return [];
  const files = await documentFileRows(
    db,
    rows.map((r) => r.id),
  );
  const now = linkIssueTime(app.now());
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    hidden: r.hidden,
    userEmail: r.user_email ?? '',
    canEdit: r.owner_id === user.id,
    files: files
      .filter((f) => f.document_id === r.id)
      .map((f) => ({
        id: f.id,
        title: f.title,
        url: signedFileUrl(app.tokens.secret, f.id, user.organisationId, user.id, now, DOCUMENT_LINK_SECONDS),
      })),
  }));
}

async function documentOf(db: Queryable, app: AppContext, user: SessionUser, id: number): Promise<TeachingDocument> {
  const [doc] = await loadDocuments(db, app, user, id);
  if (!doc) throw notFound(NOT_FOUND);
  return doc;
}

async function ownDocument(db: Queryable, app: AppContext, user: SessionUser, id: number, action: string): Promise<TeachingDocument> {
  const doc = await documentOf(db, app, user, id);
  if (!doc.canEdit) throw forbidden(`Je kunt alleen je eigen lesmateriaal ${action}.`);
  return doc;
}

function uploadsOf(req: FastifyRequest): ParsedUploads {
  const up = req.uploads;
  if (!up || up.files.length === 0) throw badRequest('Kies een bestand om te delen.', { file: 'Kies een bestand om te delen.' });
  return up;
}

/** Stores the files and links them to the document, after the ones it has. */
async function storeFiles(db: Queryable, app: AppContext, user: SessionUser, documentId: number, up: ParsedUploads): Promise<void> {
  let position = await nextFilePosition(db, documentId);
  for (const file of up.files) await linkFile(db, documentId, await storeFile(db, app, user, file), file.filename, position++);
  await touchDocument(db, documentId);
}

/** The document an upload joins: the one made earlier with the same page token, else a new one. */
async function documentForUpload(db: Queryable, user: SessionUser, token: string | undefined): Promise<number> {
  const joined = token && UPLOAD_TOKEN.test(token) ? await documentOfUploadToken(db, user.organisationId, user.id, token) : undefined;
  return joined ?? insertDocument(db, user.organisationId, user.id, '');
}

async function deleteBlobs(app: AppContext, keys: string[]): Promise<void> {
  // Last step of the handler: a failure to remove bytes leaves an orphan, never a row without bytes.
  await Promise.all(keys.map((k) => app.files.delete(k).catch(() => undefined)));
}

export const documentsHandlers: Handlers<typeof api.documents> = {
  list: ({ db, user, app }) => loadDocuments(db, app, user),

  details: ({ db, user, app, params }) => documentOf(db, app, user, params.id),

  add: async ({ db, user, app, req }) => {
    const up = uploadsOf(req);
    const id = await documentForUpload(db, user, up.fields.token);
    await storeFiles(db, app, user, id, up);
    return { id };
  },

  addFile: async ({ db, user, app, req, params }) => {
    await ownDocument(db, app, user, params.id, 'aanvullen');
    await storeFiles(db, app, user, params.id, uploadsOf(req));
    return documentOf(db, app, user, params.id);
  },

  save: async ({ db, user, app, body: sent }) => {
    if (sent.base && sent.id !== 0) await lockDocument(db, sent.id);
    const doc = sent.id === 0 ? null : await ownDocument(db, app, user, sent.id, 'wijzigen');
    // A queued edit with `base` does not silently undo a change made meanwhile on another device (issue 36).
    const body = doc
      ? await mergeOrRefuse(
          sent,
          doc,
          { title: 'Omschrijving' },
          {
            message: `Het lesmateriaal ‘${doc.title}’ is intussen ook op een ander apparaat gewijzigd.`,
            record: () => documentOf(db, app, user, doc.id),
          },
        )
      : sent;
    const title = body.title.trim();
    if (!title) throw badRequest(REQUIRED, { title: 'Geef een omschrijving van de bestanden.' });
    if (!doc) return documentOf(db, app, user, await insertDocument(db, user.organisationId, user.id, title));
    await renameDocument(db, body.id, title);
    return documentOf(db, app, user, body.id);
  },

  delete: async ({ db, user, app, params }) => {
    await ownDocument(db, app, user, params.id, 'verwijderen');
    await deleteBlobs(app, await deleteDocument(db, user.organisationId, params.id));
    return { message: 'Het lesmateriaal is verwijderd.' };
  },

  deleteFile: async ({ db, user, app, params }) => {
    const row = await documentFileOf(db, user.organisationId, params.id);
    if (!row) throw notFound('Dit bestand is niet gevonden.');
    if (row.owner_id !== user.id) throw forbidden('Je kunt alleen bestanden van je eigen lesmateriaal verwijderen.');
    await deleteFile(db, params.id);
    await touchDocument(db, row.document_id);
    await deleteBlobs(app, [row.storage_key]);
    return { message: 'Het bestand is verwijderd.' };
  },
};
